// `postctl webhooks subscriptions remove <webhook_id> <user>`: stop a user's
// account activity going to a webhook (DELETE
// …/subscriptions/{user_id}/all; app). The user as id, @handle or URL.
import { UsageError } from '../../../errors/cli-error.js';
import { userRefsFromArgs } from '../../../platform/refs.js';
import { resolveUserIds } from '../../../platform/users.js';
import { plans, send } from '../../../platform/webhook-lifecycle.js';
import { yesOption } from '../../_flags.js';
import { lifecycleDryRun, printPlanned } from '../../_lifecycle.js';
import { defineVerb } from '../../define.js';

export default defineVerb({
  name: 'remove <webhook_id> <user>',
  description: "unsubscribe a user's account activity from a webhook (DELETE …/subscriptions/{user_id}/all; app); asks unless --yes",
  examples: ['postctl webhooks subscriptions remove 1146654567674912769 @emu_dev --yes'],
  options: {
    yes: yesOption('remove without asking'),
    dryRun: lifecycleDryRun,
  },
  async run([webhookId, user], opts, ctx) {
    const refs = userRefsFromArgs([user!], 'user');
    if (refs.length !== 1) throw new UsageError('give exactly one user');
    const client = await ctx.client();
    // A handle is resolved (one lookup) even for a dry run: the path needs the id.
    const [userId] = await resolveUserIds(client, refs, 'app');
    const plan = plans.unsubscribeUser(webhookId!, userId!);
    if (opts.dryRun) return printPlanned(ctx, [plan]);
    if (!(await ctx.prompt.confirm(`Unsubscribe user ${userId} from webhook ${webhookId}?`, opts.yes))) return 0;
    const body = await send<{ data?: { subscribed?: boolean } }>(client, plan, 'app');
    ctx.printer.object({ webhook_id: webhookId, user_id: userId, subscribed: body.data?.subscribed ?? null }, undefined, body);
    return 0;
  },
});
