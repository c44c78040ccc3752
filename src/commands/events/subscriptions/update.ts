// `postctl events subscriptions update <subscription_id>`: change the tag or
// the webhook of a subscription (PUT /2/activity/subscriptions/{id}); only the
// flags given are sent.
import { UsageError } from '../../../errors/cli-error.js';
import { plans, send } from '../../../platform/webhook-lifecycle.js';
import { numericId } from '../../../validate/platform-ids.js';
import { Problems, lengthBetween } from '../../../validate/rules.js';
import { lifecycleDryRun, printPlanned } from '../../_lifecycle.js';
import { defineVerb } from '../../define.js';
import { SUBSCRIPTION_COLUMNS } from './list.js';

export default defineVerb({
  name: 'update <subscription_id>',
  description: 'change the tag or webhook of an activity subscription (PUT /2/activity/subscriptions/{id}); only the flags given are sent',
  examples: [
    'postctl events subscriptions update 1930000000000000002 --tag support',
    'postctl events subscriptions update 1930000000000000002 --webhook-id 1146654567674912769 --dry-run',
  ],
  options: {
    tag: { flags: '--tag <text>', description: 'a label for the subscription, 1 to 200 characters' },
    webhookId: { flags: '--webhook-id <id>', description: 'deliver the events to this registered webhook' },
    dryRun: lifecycleDryRun,
  },
  async run([id], opts, ctx) {
    const p = new Problems();
    p.check('--tag', opts.tag, [lengthBetween(1, 200)]);
    p.check('--webhook-id', opts.webhookId, [numericId]);
    p.throwIfAny('invalid subscription update');
    if (opts.tag === undefined && opts.webhookId === undefined)
      throw new UsageError('nothing to change', 'give --tag and/or --webhook-id.');
    const plan = plans.updateSubscription(id!, {
      ...(opts.tag !== undefined ? { tag: opts.tag } : {}),
      ...(opts.webhookId !== undefined ? { webhook_id: opts.webhookId } : {}),
    });
    if (opts.dryRun) return printPlanned(ctx, [plan]);
    const body = await send<{ data?: { subscription?: Record<string, unknown> } }>(await ctx.client(), plan, 'app');
    ctx.printer.object(body.data?.subscription ?? {}, SUBSCRIPTION_COLUMNS, body);
    return 0;
  },
});
