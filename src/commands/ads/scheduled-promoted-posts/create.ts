// `postctl ads scheduled-promoted-posts create --line-item <id> <scheduled_post_id>`:
// associates a scheduled post with a line item (POST …/scheduled_promoted_tweets
// ?line_item_id=…&scheduled_tweet_id=…, officially); it cannot be updated (the reference).
import { checkLineItemId, checkLong } from '../../../validate/line-item-children.js';
import { Problems } from '../../../validate/rules.js';
import { wire } from '../../../wire/names.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { printCreated } from '../_children.js';
import { printDryRun } from '../_dry-run.js';
import { SCHEDULED } from './_columns.js';

export default defineVerb({
  name: 'create <scheduled_post_id>',
  description: 'promote a scheduled post (its scheduled post id) on a line item once it is published',
  examples: ['postctl ads scheduled-promoted-posts create --line-item 8u94x 870358555227860992'],
  options: {
    lineItem: { flags: '--line-item <line_item_id>', description: 'line item that promotes the post (required)' },
    dryRun: { flags: '--dry-run', description: 'check and print the request that would be sent; change nothing' },
    ...writeOptions,
  },
  async run([scheduled], opts, ctx) {
    const client = await ctx.client();
    const field = wire('param.scheduled_post_id', client.names);
    const p = new Problems();
    checkLineItemId(p, opts.lineItem);
    // Named as the argument is; the wire name (scheduled_tweet_id officially) is the request's business.
    checkLong(p, 'scheduled_post_id', scheduled);
    p.throwIfAny('invalid scheduled promoted post');
    const params = { line_item_id: opts.lineItem!, [field]: scheduled! };
    const account = await accountRef(ctx, opts);
    const resource = SCHEDULED.resource(client);
    if (opts.dryRun) {
      const req = resource.listRequest(account, params);
      printDryRun(ctx, client.baseUrl(account.api) + req.path, { ...req, method: 'POST' }, params, undefined, 'line item');
      return 0;
    }
    const res = await resource.create(client, account, params);
    return printCreated(ctx, res.body, 'scheduled promoted post');
  },
});
