// Dates for tests computed from the clock, so a "future" date stays in the
// future whatever year the suite runs in.

/** A UTC year `ahead` years after the current one. */
export function futureYear(ahead = 4, now = Date.now()): number {
  return new Date(now).getUTCFullYear() + ahead;
}
