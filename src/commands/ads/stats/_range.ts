// --from/--to of the analytics verbs that take a plain window (active entities,
// reach): dates in the account's zone (--to inclusive) or whole-hour ISO times;
// active entities also take a named --range (yesterday, last-7-days…) in the
// account's zone, as `ads stats` does.
import { accountZone } from '../../../ads/stats/account.js';
import { parseBound, iso, type Bound } from '../../../ads/stats/plan.js';
import { RANGE_NAMES, resolveRangeName, type RangeName } from '../../../ads/stats/report/relative-range.js';
import type { AccountRef } from '../../../ads/types.js';
import type { InputProblem } from '../../../errors/cli-error.js';
import type { ApiClient } from '../../../http/client.js';
import { throwIfProblems } from '../_checks.js';

export const rangeOptions = {
  from: { flags: '--from <when>', description: "required: a date (the account's midnight) or an ISO time on a whole hour" },
  to: { flags: '--to <when>', description: 'required: a date (inclusive) or an ISO time on a whole hour (exclusive)' },
} as const;

/** --range of the verbs that take one: instead of --from/--to. */
export const rangeNameOption = {
  range: {
    flags: '--range <name>',
    description: `instead of --from/--to, whole days in the account's zone (weeks start Monday): ${RANGE_NAMES.join(', ')}`,
  },
} as const;

interface RangeFlags {
  from?: string;
  to?: string;
  range?: string;
}

/** Problems found without the account (missing, malformed, not whole hours, out of order). */
export function rangeFlagProblems(f: RangeFlags): InputProblem[] {
  const out: InputProblem[] = [];
  if (f.range !== undefined) {
    if (!(RANGE_NAMES as readonly string[]).includes(f.range.toLowerCase()))
      out.push({ field: '--range', message: `must be one of ${RANGE_NAMES.join(', ')} (got ${JSON.stringify(f.range)})` });
    if (f.from !== undefined || f.to !== undefined)
      out.push({ field: '--range', message: 'names the whole range: give it without --from/--to' });
    return out;
  }
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

/**
 * The window in UTC ISO times, fetching the account's zone only when a date needs it. A named --range is
 * resolved on the account's calendar as of the run's clock (which POSTCTL_NOW may move: bin/clock.js).
 */
export async function resolveRange(client: ApiClient, account: AccountRef, flags: RangeFlags): Promise<{ start: string; end: string }> {
  let f = flags;
  let zone: string | undefined;
  if (f.range !== undefined) {
    const now = Date.now();
    zone = await accountZone(client, account);
    f = resolveRangeName(f.range.toLowerCase() as RangeName, now, zone);
  }
  const needsZone = /^\d{4}-\d{2}-\d{2}$/.test(f.from!) || /^\d{4}-\d{2}-\d{2}$/.test(f.to!);
  const tz = zone ?? (needsZone ? await accountZone(client, account) : 'UTC');
  const a = parseBound(f.from!, tz, 'from') as Bound;
  const b = parseBound(f.to!, tz, 'to') as Bound;
  if (b.ms <= a.ms) throwIfProblems([{ field: '--from', message: `${iso(a.ms)} is not before ${iso(b.ms)}` }]);
  return { start: iso(a.ms), end: iso(b.ms) };
}
