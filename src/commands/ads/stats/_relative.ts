// --from/--to/--range of `ads stats` in the account's zone: relative days and
// named ranges become the account's dates, and the resolved range is placed
// against the clock (the run's, which POSTCTL_NOW may move: bin/clock.js): wholly in the
// future is refused (exit 6), a day not yet over is said and marked.
import {
  formatDate,
  localDate,
  rangeTiming,
  resolveDay,
  resolveRangeName,
  type RangeName,
} from '../../../ads/stats/report/relative-range.js';
import { iso } from '../../../ads/stats/plan.js';
import { throwIfProblems } from '../_checks.js';

export interface RangeTiming {
  /** False when the range includes a day (or hour) not yet over: its figures will still grow. */
  complete: boolean;
  /** The account's date now. */
  today: string;
  now: number;
}

export function resolveBounds(
  f: { from?: string; to?: string; range?: string },
  tz: string,
): { from: string; to: string; timing: (start: number, end: number) => RangeTiming } {
  const now = Date.now();
  const named = f.range ? resolveRangeName(f.range.toLowerCase() as RangeName, now, tz) : undefined;
  const from = named?.from ?? resolveDay(f.from!, now, tz);
  const to = named?.to ?? resolveDay(f.to!, now, tz);
  const today = formatDate(localDate(now, tz));
  return {
    from,
    to,
    timing: (start, end) => {
      const t = rangeTiming(start, end, now);
      if (t === 'future')
        throwIfProblems(
          [
            {
              field: f.range ? '--range' : '--from',
              message: `${from} to ${to} has not begun in the account's zone ${tz} (its today is ${today}; the range starts ${iso(start)})`,
            },
          ],
          'invalid stats range',
        );
      return { complete: t === 'past', today, now };
    },
  };
}
