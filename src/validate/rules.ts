// The one validation approach: small checkers that return a message (string)
// when a value breaks a rule and undefined when it is fine. Domain modules
// (products, line items, cards, audiences) describe the spec's rules as data
// and run these checkers, collecting every problem with its field and line.
import { InputError, formatProblem, type InputProblem } from '../errors/cli-error.js';

export type Check = (value: string) => string | undefined;

/** Length in characters (code points), as the API counts them. */
export function charLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

export const maxLength =
  (max: number): Check =>
  (v) =>
    charLength(v) > max ? `must be at most ${max} characters (got ${charLength(v)})` : undefined;

export const lengthBetween =
  (min: number, max: number): Check =>
  (v) => {
    const n = charLength(v);
    return n < min || n > max ? `must be ${min} to ${max} characters (got ${n})` : undefined;
  };

export const oneOf =
  (values: readonly string[]): Check =>
  (v) =>
    values.includes(v) ? undefined : `must be one of ${values.join(', ')} (got ${JSON.stringify(v)})${didYouMean(v, values)}`;

/** Edit distance (insertions, deletions, substitutions), for suggesting the value meant. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/** The allowed value nearest to `given` (case ignored), when it is near enough to be a slip (INTERESTS → INTEREST). */
function nearest(given: string, allowed: readonly string[]): string | undefined {
  const g = given.trim().toUpperCase();
  if (!g) return undefined;
  let best: { v: string; d: number } | undefined;
  for (const v of allowed) {
    const d = distance(g, v.toUpperCase());
    if (!best || d < best.d) best = { v, d };
  }
  return best && best.d > 0 && best.d <= Math.max(2, Math.floor(g.length / 3)) ? best.v : undefined;
}

/** "; did you mean X?" when a value is near one of the allowed ones, else nothing. */
export function didYouMean(given: string, allowed: readonly string[]): string {
  const n = nearest(given, allowed);
  return n ? `; did you mean ${n}?` : '';
}

export const integerBetween =
  (min: number, max: number): Check =>
  (v) => {
    if (!/^-?\d+$/.test(v.trim())) return `must be a whole number (got ${JSON.stringify(v)})`;
    const n = Number(v);
    return n < min || n > max ? `must be between ${min} and ${max} (got ${n})` : undefined;
  };

/** A positive 64-bit integer in decimal (micro amounts, ids). */
export const positiveLong: Check = (v) => {
  if (!/^\d+$/.test(v)) return `must be a whole number (got ${JSON.stringify(v)})`;
  if (BigInt(v) <= 0n) return 'must be greater than zero';
  if (BigInt(v) > 9223372036854775807n) return 'is larger than a 64-bit integer';
  return undefined;
};

const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Parses an ISO 8601 date or date-time; returns epoch ms or undefined. */
export function parseIso8601(v: string): number | undefined {
  const m = ISO_8601.exec(v.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  if (+mo! < 1 || +mo! > 12 || +d! < 1 || +d! > 31 || +h > 23 || +mi > 59 || +s > 60) return undefined;
  const t = Date.parse(m[4] ? v.trim().replace(' ', 'T') : `${v.trim()}T00:00:00Z`);
  if (!Number.isFinite(t)) return undefined;
  // Reject dates like 2026-02-31 that Date.parse would roll over.
  const probe = new Date(Date.UTC(+y!, +mo! - 1, +d!));
  if (probe.getUTCDate() !== +d!) return undefined;
  return t;
}

export const isoDateTime: Check = (v) =>
  parseIso8601(v) === undefined ? `must be an ISO 8601 date-time such as 2026-12-01T00:00:00Z (got ${JSON.stringify(v)})` : undefined;

/** ISO 8601 with an explicit offset or Z (e.g. product sale_price_effective_date). */
export const isoWithOffset: Check = (v) =>
  parseIso8601(v) === undefined || !/(Z|[+-]\d{2}:?\d{2})$/.test(v.trim())
    ? `must be an ISO 8601 timestamp with an offset, such as 2026-12-01T00:00:00+01:00 (got ${JSON.stringify(v)})`
    : undefined;

export const httpsUrl: Check = (v) => {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && u.hostname ? undefined : `must be an https:// URL (got ${JSON.stringify(v)})`;
  } catch {
    return `must be an https:// URL (got ${JSON.stringify(v)})`;
  }
};

/** Splits a comma list, trimming blanks away. */
export function commaList(v: string | readonly string[] | undefined): string[] {
  if (v === undefined) return [];
  const parts = Array.isArray(v) ? v.flatMap((x) => String(x).split(',')) : String(v).split(',');
  return parts.map((s) => s.trim()).filter(Boolean);
}

export const maxItems =
  (max: number, what = 'items'): ((list: readonly string[]) => string | undefined) =>
  (list) =>
    list.length > max ? `takes at most ${max} ${what} (got ${list.length})` : undefined;

/** Collects problems; throws one InputError listing all of them. */
export class Problems {
  readonly list: InputProblem[] = [];

  add(field: string, message: string, extra: Omit<InputProblem, 'field' | 'message'> = {}): void {
    this.list.push({ field, message, ...extra });
  }

  /** Runs checks on a value (skipped when undefined); records every failure. */
  check(field: string, value: string | undefined, checks: Check[], extra: Omit<InputProblem, 'field' | 'message'> = {}): void {
    if (value === undefined) return;
    for (const c of checks) {
      const msg = c(value);
      if (msg) this.add(field, msg, extra);
    }
  }

  get ok(): boolean {
    return this.list.length === 0;
  }

  /** Throws when anything was recorded. `what` prefixes a multi-problem summary. */
  throwIfAny(what = 'invalid input'): void {
    if (this.list.length === 0) return;
    const message = this.list.length === 1 ? formatProblem(this.list[0]!) : `${what}: ${this.list.length} problems`;
    throw new InputError(message, this.list);
  }
}
