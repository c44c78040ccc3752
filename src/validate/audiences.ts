// The audience rules of ads-api.md ("Audiences", "Limits") as data, plus the
// checks of the flags that carry them. Identifier normalization lives in
// src/audiences/normalize.ts and uses the patterns below.
import { Problems, commaList, parseIso8601 } from './rules.js';
import { spellings, wire, type NameStyle } from '../wire/names.js';

/**
 * Identifier kinds as postctl names them internally. `user_id` is the platform
 * user id, whose wire key (and the name users type: --type, CSV headers, JSON
 * keys) differs between the live service and the spec: src/wire/names.ts
 * `key.service_id`; both spellings are accepted.
 */
export const IDENTIFIER_KINDS = ['email', 'phone', 'handle', 'device_id', 'user_id', 'partner_user_id'] as const;
export type IdentifierKind = (typeof IDENTIFIER_KINDS)[number];

/** Do-not-reach lists take hashed emails and phone numbers only. */
export const DO_NOT_REACH_KINDS: readonly IdentifierKind[] = ['email', 'phone'];

/** The key of each kind in the API's user objects, in the selected wire spelling. */
export function apiField(kind: IdentifierKind, style: NameStyle): string {
  if (kind === 'user_id') return wire('key.service_id', style);
  return kind === 'phone' ? 'phone_number' : kind;
}

/** --type values: every kind, the user id in both spellings. */
const TYPE_CHOICES: readonly string[] = ['email', 'phone', 'handle', 'device_id', ...spellings('key.service_id'), 'partner_user_id'];

/** --type values of do-not-reach uploads. */
export const DO_NOT_REACH_TYPE_CHOICES: readonly string[] = ['email', 'phone'];

/** The --type choices of an upload target: the flag's choices and its hints come from here alone. */
export const typeChoicesFor = (target: 'custom_audience' | 'do_not_reach'): readonly string[] =>
  target === 'custom_audience' ? TYPE_CHOICES : DO_NOT_REACH_TYPE_CHOICES;

/** Names accepted for each kind in CSV/TSV headers and JSON Lines keys. */
export const KIND_ALIASES: Record<string, IdentifierKind> = {
  email: 'email',
  phone: 'phone',
  phone_number: 'phone',
  handle: 'handle',
  device_id: 'device_id',
  ...Object.fromEntries(spellings('key.service_id').map((n) => [n, 'user_id' as const])),
  partner_user_id: 'partner_user_id',
};

/** The platform's published hashing rules, applied after whitespace removal and lowercasing. */
export const PATTERNS = {
  // One @, a non-empty local part, a domain with a dot and no empty label; nothing
  // else is asked (hyphens, digits, subdomains, +tags, punycode xn-- domains pass):
  // the ads reference's rule is only "trim and lowercase" before hashing.
  email: /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/,
  handle: /^[a-z0-9_]+$/,
  device_id: /^[a-z0-9][a-z0-9-]+[a-z0-9]$/,
  digits: /^[0-9]+$/,
  sha256: /^[0-9a-f]{64}$/,
} as const;

/** E.164: a country code and subscriber number, at most 15 digits; 7 is the shortest in use. */
export const PHONE_DIGITS = { min: 7, max: 15 } as const;

/** Custom audience users batches ("Limits"). */
export const USERS_LIMITS = {
  maxOperations: 2500,
  maxBodyBytes: 5_000_000,
  maxUsers: 2500,
  requests: 1500,
  windowMs: 60_000,
} as const;

export const OPERATION_TYPES = { update: 'Update', delete: 'Delete' } as const;

export const PERMISSION_LEVELS = ['READ_ONLY', 'READ_WRITE'] as const;
/** "id lists in filters: up to 200 ids". */
const MAX_FILTER_IDS = 200;
export const PERMISSIONS_PAGE = { min: 1, max: 1000, def: 200 } as const;
export const CUSTOM_AUDIENCES_PAGE = { min: 1, max: 1000, def: 200 } as const;

const KEYWORD_LIMITS = { maxRangeDays: 7, maxKeywords: 10, granularities: ['DAY', 'HOUR'] as const } as const;

const DAY_MS = 86_400_000;

/**
 * An ISO 8601 UTC time flag as the API wants it: a date (midnight UTC) or a
 * date-time with Z or an offset (converted to UTC). A date-time with no offset
 * is refused rather than guessed in the local zone.
 */
function utcTime(problems: Problems, field: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const t = parseIso8601(value);
  if (t === undefined) {
    problems.add(field, `must be an ISO 8601 UTC time such as 2026-12-01T00:00:00Z (got ${JSON.stringify(value)})`);
    return undefined;
  }
  if (/[T ]\d{2}:\d{2}/.test(value) && !/(Z|[+-]\d{2}:?\d{2})$/i.test(value.trim())) {
    problems.add(field, `needs a time zone: add Z for UTC (got ${JSON.stringify(value)})`);
    return undefined;
  }
  return t;
}

const isoUtc = (t: number): string => new Date(t).toISOString().replace(/\.000Z$/, 'Z');

/** --effective-at / --expires-at of a custom audience upload: expires after effective (effective defaults to now). */
export function checkAssociationWindow(
  problems: Problems,
  effective: string | undefined,
  expires: string | undefined,
  now = Date.now(),
): { effectiveAt?: string; expiresAt?: string } {
  const e = utcTime(problems, '--effective-at', effective);
  const x = utcTime(problems, '--expires-at', expires);
  if (x !== undefined) {
    if (e !== undefined && x <= e) problems.add('--expires-at', `must be later than --effective-at (${isoUtc(e)})`);
    else if (e === undefined && x <= now)
      problems.add('--expires-at', `must be later than --effective-at, which defaults to now (${isoUtc(now)})`);
  }
  return { ...(e !== undefined ? { effectiveAt: isoUtc(e) } : {}), ...(x !== undefined ? { expiresAt: isoUtc(x) } : {}) };
}

/** Do-not-reach: expires_at must be later than now. */
export function checkDoNotReachExpiry(problems: Problems, expires: string | undefined, now = Date.now()): string | undefined {
  const x = utcTime(problems, '--expires-at', expires);
  if (x === undefined) return undefined;
  if (x <= now) problems.add('--expires-at', `must be later than now (${isoUtc(now)})`);
  return isoUtc(x);
}

export interface KeywordQuery {
  keywords: string[];
  negative: string[];
  granularity: string;
  startTime: string;
  endTime?: string;
  location?: string;
}

/** Keyword insights: range at most 7 days, at most 10 keywords and negative keywords together, one country. */
export function checkKeywordQuery(
  flags: {
    keywords?: string | string[];
    negative?: string | string[];
    granularity?: string;
    start?: string;
    end?: string;
    location?: string | string[];
  },
  now = Date.now(),
): KeywordQuery {
  const p = new Problems();
  const keywords = commaList(flags.keywords);
  const negative = commaList(flags.negative);
  if (!keywords.length) p.add('--keywords', 'is required: one or more keywords, comma-separated');
  if (keywords.length + negative.length > KEYWORD_LIMITS.maxKeywords) {
    p.add(
      '--keywords',
      `keywords and negative keywords together are at most ${KEYWORD_LIMITS.maxKeywords} (got ${keywords.length} + ${negative.length})`,
    );
  }
  const granularity = (flags.granularity ?? '').toUpperCase();
  if (!(KEYWORD_LIMITS.granularities as readonly string[]).includes(granularity))
    p.add('--granularity', `is required: DAY or HOUR${flags.granularity ? ` (got ${JSON.stringify(flags.granularity)})` : ''}`);
  if (flags.start === undefined) p.add('--start', 'is required (ISO 8601 UTC)');
  const start = utcTime(p, '--start', flags.start);
  const end = utcTime(p, '--end', flags.end);
  if (start !== undefined) {
    const until = end ?? now;
    if (until <= start)
      p.add(
        end !== undefined ? '--end' : '--start',
        end !== undefined ? 'must be later than --start' : 'must be in the past (--end defaults to now)',
      );
    else if (until - start > KEYWORD_LIMITS.maxRangeDays * DAY_MS) {
      p.add(
        end !== undefined ? '--end' : '--start',
        `the time range is at most ${KEYWORD_LIMITS.maxRangeDays} days (got ${((until - start) / DAY_MS).toFixed(1)} days${end === undefined ? ' up to now' : ''})`,
      );
    }
  }
  const locations = commaList(flags.location);
  if (locations.length > 1) p.add('--location', `takes one country per request (got ${locations.length}: ${locations.join(', ')})`);
  p.throwIfAny('invalid keyword insights query');
  return {
    keywords,
    negative,
    granularity,
    startTime: isoUtc(start!),
    ...(end !== undefined ? { endTime: isoUtc(end) } : {}),
    ...(locations[0] ? { location: locations[0] } : {}),
  };
}

/** Comma/repeated id lists of the permissions filters: at most 200 ids each. */
export function filterIds(p: Problems, field: string, value: string | string[] | undefined): string[] {
  const ids = commaList(value);
  if (ids.length > MAX_FILTER_IDS) p.add(field, `takes at most ${MAX_FILTER_IDS} ids (got ${ids.length})`);
  return ids;
}
