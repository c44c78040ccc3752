// `postctl ads scheduled-promoted-posts delete <scheduled_promoted_post_id>`: only before the
// scheduled post's scheduled_at (the reference); after it the API refuses.
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { runChildDelete } from '../_children.js';
import { yesDelete } from '../_creatives.js';
import { SCHEDULED } from './_columns.js';

export default defineVerb({
  name: 'delete <scheduled_promoted_post_id>',
  description: 'take a scheduled post off its line item, before it is published (asks on a terminal, needs --yes otherwise)',
  examples: ['postctl ads scheduled-promoted-posts delete 1xboq --yes'],
  options: { yes: yesDelete, ...writeOptions },
  async run([id], opts, ctx) {
    return runChildDelete(ctx, id!, opts, 'scheduled promoted post', SCHEDULED.resource);
  },
});
