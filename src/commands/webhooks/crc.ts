// `postctl webhooks crc <crc_token>`: the answer a webhook receiver must give to a CRC check.
import { invalid } from '../../errors/cli-error.js';
import { crcResponse } from '../../platform/crc.js';
import { consumerSecretStdinOption } from '../_flags.js';
import { defineVerb } from '../define.js';
import { consumerSecret } from './_secret.js';

export default defineVerb({
  name: 'crc <crc_token>',
  description: 'print the response a webhook receiver must return for a CRC token: {"response_token":"sha256=…"}',
  examples: [
    'postctl webhooks crc 9b4507b3-8ee6-4b4d-a25a-6cfe3c3c0b11',
    'printf %s "$SECRET" | postctl webhooks crc abc123 --consumer-secret-stdin',
  ],
  options: {
    consumerSecretStdin: consumerSecretStdinOption,
  },
  async run([token], opts, ctx) {
    if (!token) throw invalid('crc_token', 'must not be empty');
    const body = crcResponse(await consumerSecret(ctx, opts.consumerSecretStdin), token);
    // The exact body a receiver returns, whatever the output format (csv excepted), so it can be compared or served as is.
    if (ctx.format === 'csv') ctx.printer.object(body);
    else ctx.printer.write(JSON.stringify(body) + '\n');
  },
});
