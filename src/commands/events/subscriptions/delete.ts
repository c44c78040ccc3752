// `postctl events subscriptions delete <subscription_id>...`: DELETE
// /2/activity/subscriptions/{id}; asks unless --yes, --dry-run sends nothing.
import { plans } from '../../../platform/webhook-lifecycle.js';
import { deleteEach, lifecycleDryRun, printPlanned } from '../../_lifecycle.js';
import { yesOption } from '../../_flags.js';
import { defineVerb } from '../../define.js';

export default defineVerb({
  name: 'delete <subscription_ids...>',
  description: 'delete activity subscriptions (DELETE /2/activity/subscriptions/{id}); asks y/N on a terminal, needs --yes otherwise',
  examples: ['postctl events subscriptions delete 1930000000000000002 --yes'],
  options: {
    yes: yesOption('delete without asking'),
    dryRun: lifecycleDryRun,
  },
  async run(ids, opts, ctx) {
    const items = [...new Set(ids)].map((id) => ({ id, plan: plans.deleteSubscription(id) }));
    if (opts.dryRun)
      return printPlanned(
        ctx,
        items.map((i) => i.plan),
      );
    const client = await ctx.client();
    client.defaultAuth = 'app';
    return deleteEach(ctx, client, items, { yes: opts.yes, what: 'subscription' });
  },
});
