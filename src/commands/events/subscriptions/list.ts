// `postctl events subscriptions list`: the app's activity subscriptions
// (GET /2/activity/subscriptions), one page, --all or --limit.
import { reads } from '../../../platform/webhook-lifecycle.js';
import { pageParams, printListing } from '../../_listing.js';
import { pageOptions } from '../../_listing.js';
import { defineVerb } from '../../define.js';

export const SUBSCRIPTION_COLUMNS = [
  { header: 'subscription_id', key: 'subscription_id' },
  { header: 'event_type', key: 'event_type' },
  { header: 'user_id', key: 'filter.user_id' },
  { header: 'keyword', key: 'filter.keyword' },
  { header: 'tag', key: 'tag' },
  { header: 'webhook_id', key: 'webhook_id' },
  { header: 'updated_at', key: 'updated_at' },
];

export default defineVerb({
  name: 'list',
  description: 'activity subscriptions of the app (GET /2/activity/subscriptions): max-results 1 to 100, --all',
  examples: ['postctl events subscriptions list', 'postctl events subscriptions list --all -o jsonl'],
  options: {
    ...pageOptions,
  },
  async run(_args, opts, ctx) {
    const { query } = pageParams(opts, [1, 100]);
    const client = await ctx.client();
    return printListing(ctx, client, { ...reads.subscriptions(), query, auth: 'app' }, SUBSCRIPTION_COLUMNS, opts, 'subscriptions');
  },
});
