// `postctl webhooks create <url>`: registers a webhook (POST /2/webhooks); the
// service runs a CRC check against the URL before answering. --if-missing
// looks the URL up first and reports a webhook already registered for it.
import { chooseAuth } from '../../platform/auth-choice.js';
import { checkWebhookUrl, findWebhook, plans, send } from '../../platform/webhook-lifecycle.js';
import { lifecycleDryRun, printPlanned } from '../_lifecycle.js';
import { authOption } from '../_flags.js';
import { defineVerb } from '../define.js';
import { APP_FIRST } from '../posts/_search.js';

export const WEBHOOK_COLUMNS = [
  { header: 'id', key: 'id' },
  { header: 'url', key: 'url' },
  { header: 'valid', key: 'valid' },
  { header: 'created_at', key: 'created_at' },
];

export default defineVerb({
  name: 'create <url>',
  description: 'register a webhook (POST /2/webhooks): an https URL up to 200 characters that answers the CRC check',
  examples: [
    'postctl webhooks create https://hooks.example.com/postctl',
    'postctl webhooks create https://hooks.example.com/postctl --dry-run',
    'postctl webhooks create https://hooks.example.com/postctl --if-missing',
  ],
  options: {
    dryRun: lifecycleDryRun,
    auth: authOption('app'),
    ifMissing: {
      flags: '--if-missing',
      description: 'when a webhook with this URL is already registered, print it ("existing": true) and exit 0',
    },
  },
  async run([url], opts, ctx) {
    checkWebhookUrl(url!);
    const plan = plans.createWebhook(url!);
    if (opts.dryRun) return printPlanned(ctx, [plan]);
    const auth = chooseAuth(await ctx.settings(), { endpoints: ['POST /2/webhooks'], prefer: APP_FIRST, flag: opts.auth });
    if (opts.ifMissing) {
      const found = await findWebhook(await ctx.client(), url!);
      if (found) {
        const row = { ...found, existing: true };
        ctx.printer.object(row, WEBHOOK_COLUMNS, { data: row });
        ctx.log.info(`webhook ${String(found.id ?? '?')} is already registered for this URL`);
        return 0;
      }
    }
    const body = await send<{ data?: Record<string, unknown> }>(await ctx.client(), plan, auth);
    ctx.printer.object(body.data ?? {}, WEBHOOK_COLUMNS, body);
    ctx.log.success(`webhook ${String(body.data?.id ?? '?')} registered`);
    return 0;
  },
});
