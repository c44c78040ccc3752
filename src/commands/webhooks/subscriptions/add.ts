// `postctl webhooks subscriptions add <webhook_id>`: subscribe the
// authenticated user's account activity to a webhook (POST
// /2/account_activity/webhooks/{webhook_id}/subscriptions/all; user context).
import { plans, send } from '../../../platform/webhook-lifecycle.js';
import { USER_CONTEXT, authedClient } from '../../_auth.js';
import { authOption } from '../../_flags.js';
import { lifecycleDryRun, printPlanned } from '../../_lifecycle.js';
import { defineVerb } from '../../define.js';

export default defineVerb({
  name: 'add <webhook_id>',
  description:
    "subscribe the authenticated user's account activity to a webhook (POST /2/account_activity/webhooks/{id}/subscriptions/all; user context)",
  examples: ['postctl webhooks subscriptions add 1146654567674912769', 'postctl webhooks subscriptions add 1146654567674912769 --dry-run'],
  options: {
    dryRun: lifecycleDryRun,
    auth: authOption('user (OAuth 1.0a) when the profile holds an access token, else oauth2 (dm.read, dm.write)'),
  },
  async run([webhookId], opts, ctx) {
    const plan = plans.subscribeUser(webhookId!);
    if (opts.dryRun) return printPlanned(ctx, [plan]);
    const { client } = await authedClient(ctx, {
      endpoints: ['POST /2/account_activity/webhooks/{webhook_id}/subscriptions/all'],
      prefer: USER_CONTEXT,
      flag: opts.auth,
    });
    const body = await send<{ data?: { subscribed?: boolean } }>(client, plan);
    ctx.printer.object({ webhook_id: webhookId, subscribed: body.data?.subscribed ?? null }, undefined, body);
    return 0;
  },
});
