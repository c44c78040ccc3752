// `postctl ads tracking-tags delete <tracking_tag_id>`: DELETE …/tracking_tags/:id.
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { runChildDelete } from '../_children.js';
import { yesDelete } from '../_creatives.js';
import { TRACKING_TAGS } from './_columns.js';

export default defineVerb({
  name: 'delete <tracking_tag_id>',
  description: 'remove a tracking tag from its line item (asks on a terminal, needs --yes otherwise)',
  examples: ['postctl ads tracking-tags delete 3m82 --yes'],
  options: { yes: yesDelete, ...writeOptions },
  async run([id], opts, ctx) {
    return runChildDelete(ctx, id!, opts, 'tracking tag', TRACKING_TAGS.resource);
  },
});
