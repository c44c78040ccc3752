// --from/--to of the analytics verbs that take a plain window (active entities,
// reach): dates in the account's zone (--to inclusive) or whole-hour ISO times.
import { accountZone } from '../../../ads/stats/account.js';
import { parseBound, iso, type Bound } from '../../../ads/stats/plan.js';
import type { AccountRef } from '../../../ads/types.js';
import type { InputProblem } from '../../../errors/cli-error.js';
import type { ApiClient } from '../../../http/client.js';
import { throwIfProblems } from '../_checks.js';

export const rangeOptions = {
  from: { flags: '--from <when>', description: "required: a date (the account's midnight) or an ISO time on a whole hour" },
  to: { flags: '--to <when>', description: 'required: a date (inclusive) or an ISO time on a whole hour (exclusive)' },
} as const;

/** Problems found without the account (missing, malformed, not whole hours, out of order). */
export function rangeFlagProblems(f: { from?: string; to?: string }): InputProblem[] {
  const out: InputProblem[] = [];
  for (const [field, v, which] of [
    ['--from', f.from, 'from'],
    ['--to', f.to, 'to'],
  ] as const) {
    if (!v) out.push({ field, message: 'is required' });
    else {
      const b = parseBound(v, 'UTC', which);
      if (typeof b === 'string') out.push({ field, message: b });
    }
  }
  return out;
}

/** The window in UTC ISO times, fetching the account's zone only when a date needs it. */
export async function resolveRange(
  client: ApiClient,
  account: AccountRef,
  f: { from?: string; to?: string },
): Promise<{ start: string; end: string }> {
  const needsZone = /^\d{4}-\d{2}-\d{2}$/.test(f.from!) || /^\d{4}-\d{2}-\d{2}$/.test(f.to!);
  const tz = needsZone ? await accountZone(client, account) : 'UTC';
  const a = parseBound(f.from!, tz, 'from') as Bound;
  const b = parseBound(f.to!, tz, 'to') as Bound;
  if (b.ms <= a.ms) throwIfProblems([{ field: '--from', message: `${iso(a.ms)} is not before ${iso(b.ms)}` }]);
  return { start: iso(a.ms), end: iso(b.ms) };
}
