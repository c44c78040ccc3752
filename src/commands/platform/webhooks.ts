// `postctl webhooks validate | crc | verify-signature`.
import { readFile } from 'node:fs/promises';
import { exitCodeFor, problemKind } from '../../api-error.js';
import type { Context } from '../../context.js';
import { AuthError, CliError, InputError, UsageError, invalid } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import type { VerbModule } from '../define.js';
import { defaultAuth } from '../../platform/auth-choice.js';
import { crcResponse, verifyWebhookSignature } from '../../platform/crc.js';
import { describeProblem } from '../../platform/posts.js';
import { validateWebhook } from '../../platform/webhooks.js';
import { numericId } from '../../validate/platform-ids.js';

async function readAll(stdin: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stdin) parts.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(parts);
}

/** The consumer secret from stdin (--consumer-secret-stdin), else the profile / environment. Never printed. */
async function consumerSecret(ctx: Context, fromStdin: boolean | undefined): Promise<string> {
  if (fromStdin) {
    const secret = (await readAll(ctx.io.stdin)).toString('utf8').replace(/\r?\n$/, '');
    if (!secret) throw new UsageError('--consumer-secret-stdin read an empty secret');
    ctx.redactor.add(secret);
    return secret;
  }
  const secret = (await ctx.settings()).get('consumer_secret');
  if (!secret) throw new AuthError('no consumer secret configured', 'set POSTCTL_CONSUMER_SECRET, run `postctl auth login`, or pipe it in with --consumer-secret-stdin.');
  ctx.redactor.add(secret);
  return secret;
}

export const validate: VerbModule = {
  async run([webhookId], opts, ctx) {
    const bad = numericId(webhookId!);
    if (bad) throw invalid('webhook_id', bad);
    const auth = defaultAuth(await ctx.settings(), 'user', opts.auth);
    const client = await ctx.client();
    const envelope = await validateWebhook(client, webhookId!, auth);
    const errors = envelope.errors ?? [];
    const attempted = envelope.data?.attempted;
    ctx.printer.object(
      { webhook_id: webhookId, attempted: attempted ?? false, errors: errors.map(describeProblem) },
      [{ header: 'webhook_id', key: 'webhook_id' }, { header: 'attempted', key: 'attempted' }, { header: 'errors', get: (o: { errors: string[] }) => o.errors.join('; ') }],
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
};

export const crc: VerbModule = {
  async run([token], opts, ctx) {
    if (!token) throw invalid('crc_token', 'must not be empty');
    const body = crcResponse(await consumerSecret(ctx, opts.consumerSecretStdin), token);
    // The exact body a receiver returns, whatever the output format (csv excepted), so it can be compared or served as is.
    if (ctx.format === 'csv') ctx.printer.object(body);
    else ctx.printer.write(JSON.stringify(body) + '\n');
  },
};

export const verifySignature: VerbModule = {
  async run(_args, opts, ctx) {
    if (!opts.body) throw new UsageError('--body <file> is required (the delivered body, byte for byte; - for stdin)');
    if (!opts.signature) throw new UsageError('--signature <header> is required (the delivery signature header, sha256=<base64>)');
    if (opts.body === '-' && opts.consumerSecretStdin) throw new UsageError('--body - and --consumer-secret-stdin both want stdin', 'put the body in a file, or set POSTCTL_CONSUMER_SECRET.');
    const secret = await consumerSecret(ctx, opts.consumerSecretStdin);
    // Raw bytes: the signature covers the body exactly as delivered.
    const body = opts.body === '-' ? await readAll(ctx.io.stdin) : await readFile(opts.body);
    const check = verifyWebhookSignature(secret, body, String(opts.signature));
    ctx.printer.object({ valid: check.valid, signature: String(opts.signature).trim(), expected: check.expected, body_bytes: body.length });
    if (check.malformed) throw invalid('--signature', check.malformed);
    if (!check.valid) {
      throw new InputError('the signature does not match the body', [{ field: '--signature', message: 'HMAC-SHA256 of the body with the consumer secret differs' }], 'sign the raw body bytes exactly as delivered (no re-serialised JSON, no added newline) with the consumer secret of the app that owns the webhook.');
    }
    ctx.log.success('signature valid');
  },
};
