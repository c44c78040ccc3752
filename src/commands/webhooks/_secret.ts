// The app's consumer secret for the webhook verbs that sign or check locally (crc, verify-signature).
import type { Context } from '../../entry/context.js';
import { AuthError, UsageError } from '../../errors/cli-error.js';

export async function readAll(stdin: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const c of stdin) parts.push(typeof c === 'string' ? Buffer.from(c) : (c as Buffer));
  return Buffer.concat(parts);
}

/** The consumer secret from stdin (--consumer-secret-stdin), else the profile / environment. Never printed. */
export async function consumerSecret(ctx: Context, fromStdin: boolean | undefined): Promise<string> {
  if (fromStdin) {
    const secret = (await readAll(ctx.io.stdin)).toString('utf8').replace(/\r?\n$/, '');
    if (!secret) throw new UsageError('--consumer-secret-stdin read an empty secret');
    ctx.redactor.add(secret);
    return secret;
  }
  const secret = (await ctx.settings()).get('consumer_secret');
  if (!secret)
    throw new AuthError(
      'no consumer secret configured',
      'set POSTCTL_CONSUMER_SECRET, run `postctl auth login`, or pipe it in with --consumer-secret-stdin.',
    );
  ctx.redactor.add(secret);
  return secret;
}
