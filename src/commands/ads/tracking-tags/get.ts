// `postctl ads tracking-tags get <tracking_tag_id>`: GET …/tracking_tags/:id.
import { accountOptions, withDeletedOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { runChildGet } from '../_children.js';
import { TRACKING_TAGS } from './_columns.js';

export default defineVerb({
  name: 'get <tracking_tag_id>',
  description: 'show one tracking tag (line item, type, URL)',
  examples: ['postctl ads tracking-tags get 3m82'],
  options: { withDeleted: withDeletedOption, ...accountOptions },
  async run([id], opts, ctx) {
    return runChildGet(ctx, id!, opts, TRACKING_TAGS.resource);
  },
});
