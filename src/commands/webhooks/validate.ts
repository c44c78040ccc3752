// `postctl webhooks validate <webhook_id>`: asks the service to run a CRC check of the receiver.
import { exitCodeFor, problemKind } from '../../errors/api-error.js';
import { CliError, invalid } from '../../errors/cli-error.js';
import { EXIT } from '../../errors/exit-codes.js';
import { chooseAuth } from '../../platform/auth-choice.js';
import { describeProblem } from '../../platform/posts.js';
import { validateWebhook } from '../../platform/webhooks.js';
import { numericId } from '../../validate/platform-ids.js';
import { authOption } from '../_flags.js';
import { joinPath } from '../../http/path.js';
import { lifecycleDryRun, printRequests } from '../_lifecycle.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'validate <webhook_id>',
  description: 'trigger a CRC check of a registered webhook (PUT /2/webhooks/{id}); exit 7 when the check fails',
  examples: ['postctl webhooks validate 1146654567674912769', 'postctl webhooks validate 1146654567674912769 --auth app -o json'],
  options: {
    auth: authOption('user when an access token is configured, else app; OAuth 2.0 is not accepted here'),
    dryRun: lifecycleDryRun,
  },
  async run([webhookId], opts, ctx) {
    const bad = numericId(webhookId);
    if (bad) throw invalid('webhook_id', bad);
    const auth = chooseAuth(await ctx.settings(), {
      endpoints: ['PUT /2/webhooks/{webhook_id}'],
      prefer: ['user', 'app'],
      flag: opts.auth,
    });
    if (opts.dryRun) return printRequests(ctx, [{ method: 'PUT', path: joinPath('2', 'webhooks', webhookId) }]);
    const envelope = await validateWebhook(await ctx.client(), webhookId, auth);
    const errors = envelope.errors ?? [];
    const attempted = envelope.data?.attempted;
    ctx.printer.object(
      { webhook_id: webhookId, attempted: attempted ?? false, errors: errors.map(describeProblem) },
      [
        { header: 'webhook_id', key: 'webhook_id' },
        { header: 'attempted', key: 'attempted' },
        { header: 'errors', get: (o: { errors: string[] }) => o.errors.join('; ') },
      ],
      envelope,
    );
    if (attempted === true && errors.length === 0) {
      ctx.log.success(`CRC check of webhook ${webhookId} passed`);
      return 0;
    }
    // A failed check is the receiver's failure (wrong or late response_token), so
    // exit 7 like any remote server error; problems with their own meaning (not
    // found, not authorized) keep their exit code.
    const kind = problemKind(errors[0]?.type);
    const mapped = kind && kind !== 'about:blank' ? exitCodeFor(200, kind) : EXIT.NETWORK;
    const why = errors.length ? errors.map(describeProblem).join('; ') : 'the service did not attempt the check';
    throw new CliError(`CRC check of webhook ${webhookId} failed: ${why}`, {
      exitCode: mapped === EXIT.INTERNAL ? EXIT.NETWORK : mapped,
      code: 'crc_failed',
      hint: 'the receiver must answer GET <url>?crc_token=… within 3 s with {"response_token":"sha256=…"}; `postctl webhooks crc <token>` prints the expected answer.',
    });
  },
});
