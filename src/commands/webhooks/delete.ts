// `postctl webhooks delete <webhook_id>...`: DELETE /2/webhooks/{webhook_id};
// ids checked first, asks unless --yes, --dry-run sends nothing.
import { plans } from '../../platform/webhook-lifecycle.js';
import { authedClient } from '../_auth.js';
import { deleteEach, lifecycleDryRun, printPlanned } from '../_lifecycle.js';
import { authOption, yesOption } from '../_flags.js';
import { defineVerb } from '../define.js';
import { APP_FIRST } from '../posts/_search.js';

export default defineVerb({
  name: 'delete <webhook_ids...>',
  description: 'delete webhooks (DELETE /2/webhooks/{webhook_id}); asks y/N on a terminal, needs --yes otherwise',
  examples: ['postctl webhooks delete 1146654567674912769 --yes', 'postctl webhooks delete 1146654567674912769 --dry-run'],
  options: {
    yes: yesOption('delete without asking'),
    dryRun: lifecycleDryRun,
    auth: authOption('app'),
    ifExists: { flags: '--if-exists', description: 'a webhook that is already gone counts as deleted: exit 0' },
  },
  async run(ids, opts, ctx) {
    const items = [...new Set(ids)].map((id) => ({ id, plan: plans.deleteWebhook(id) }));
    if (opts.dryRun)
      return printPlanned(
        ctx,
        items.map((i) => i.plan),
      );
    const { client } = await authedClient(ctx, { endpoints: ['DELETE /2/webhooks/{webhook_id}'], prefer: APP_FIRST, flag: opts.auth });
    return deleteEach(ctx, client, items, { yes: opts.yes, what: 'webhook', ifExists: opts.ifExists });
  },
});
