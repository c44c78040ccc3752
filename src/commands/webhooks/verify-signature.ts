// `postctl webhooks verify-signature --body <file> --signature <header>`: checks a delivery's signature locally.
import { readFile } from 'node:fs/promises';
import { InputError, UsageError, invalid } from '../../errors/cli-error.js';
import { verifyWebhookSignature } from '../../platform/crc.js';
import { consumerSecretStdinOption } from '../_flags.js';
import { defineVerb } from '../define.js';
import { consumerSecret, readAll } from './_secret.js';

export default defineVerb({
  name: 'verify-signature',
  description:
    'check a delivery signature header (sha256=<base64 HMAC-SHA256 of the raw body>); exit 0 when valid, 6 when not; the expected signature is never shown',
  examples: [
    'postctl webhooks verify-signature --body delivery.json --signature "$SIG"',
    'cat delivery.json | postctl webhooks verify-signature --body - --signature "$SIG"',
  ],
  options: {
    body: { flags: '--body <file>', description: 'the delivered request body, byte for byte (- for stdin)' },
    signature: { flags: '--signature <header>', description: 'the signature header value, sha256=<base64>' },
    consumerSecretStdin: consumerSecretStdinOption,
  },
  async run(_args, opts, ctx) {
    if (!opts.body) throw new UsageError('--body <file> is required (the delivered body, byte for byte; - for stdin)');
    if (!opts.signature) throw new UsageError('--signature <header> is required (the delivery signature header, sha256=<base64>)');
    if (opts.body === '-' && opts.consumerSecretStdin)
      throw new UsageError(
        '--body - and --consumer-secret-stdin both want stdin',
        'put the body in a file, or set POSTCTL_CONSUMER_SECRET.',
      );
    const secret = await consumerSecret(ctx, opts.consumerSecretStdin);
    // Raw bytes: the signature covers the body exactly as delivered.
    const body = opts.body === '-' ? await readAll(ctx.io.stdin) : await readFile(opts.body);
    const check = verifyWebhookSignature(secret, body, opts.signature);
    // Never the expected signature: on a mismatch it would hand out a valid signature for this body.
    ctx.printer.object({ valid: check.valid, signature: opts.signature.trim(), body_bytes: body.length });
    if (check.malformed) throw invalid('--signature', check.malformed);
    if (!check.valid) {
      throw new InputError(
        'the signature does not match the body',
        [{ field: '--signature', message: 'HMAC-SHA256 of the body with the consumer secret differs' }],
        'sign the raw body bytes exactly as delivered (no re-serialised JSON, no added newline) with the consumer secret of the app that owns the webhook.',
      );
    }
    ctx.log.success('signature valid');
  },
});
