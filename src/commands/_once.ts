// What posts create and dm send share for exactly-once sending: the
// --idempotency-key flag, its check, and the run of a send through the ledger
// (src/platform/exactly-once.ts) with a line on stderr when nothing was sent
// because the post was already there.
import type { Context } from '../entry/context.js';
import { invalid } from '../errors/cli-error.js';
import { sendOnce, type OnceOutcome, type OnceRequest } from '../platform/exactly-once.js';
import { PostLedger } from '../platform/post-ledger.js';
import type { OptionSpec } from './define.js';

export const idempotencyKeyOption = {
  flags: '--idempotency-key <key>',
  description:
    'send at most once per key (default: a hash of the content and target): a rerun after a lost answer looks for the post before sending again; kept in post-ledger.json in the config dir',
} as const satisfies OptionSpec;

const KEY = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The key as given, checked (exit 6 naming the flag); undefined for the default. */
export function checkedKey(key: string | undefined): string | undefined {
  if (key !== undefined && !KEY.test(key)) throw invalid('--idempotency-key', 'must be 1 to 128 letters, digits or . _ : @ / + = -');
  return key;
}

const SAID: Record<NonNullable<OnceOutcome<unknown>['already']>, (what: string, key: string) => string> = {
  ledger: (what, key) => `already ${what} with idempotency key ${key}: nothing sent`,
  found: (what, key) => `the earlier attempt (idempotency key ${key}) was ${what} after all: found it, nothing sent`,
  duplicate: (what) => `already ${what}: the service refused the repeat as a duplicate; this is the existing one`,
};

/** Sends through the ledger of the run's profile; says on stderr when the result was already there. */
export async function sendOnceFor<T>(
  ctx: Context,
  what: string,
  req: Omit<OnceRequest<T>, 'profile' | 'key'> & { key: string | undefined },
): Promise<OnceOutcome<T>> {
  const { profile } = await ctx.settings();
  const outcome = await sendOnce(new PostLedger(ctx.env, () => ctx.now()), { ...req, profile }, () => ctx.now());
  if (outcome.already) ctx.log.info(SAID[outcome.already](what, outcome.key));
  return outcome;
}
