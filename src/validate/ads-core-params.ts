// Rules of the ads core endpoints other than line items (ads-api.md "Accounts",
// "Conventions", "Limits"): enums as data and small checks, each returning
// problems with the API parameter named.
import type { InputProblem } from '../errors/cli-error.js';
import { wire, type NameStyle } from '../wire/names.js';
import { commaList, isoDateTime, maxItems, oneOf, parseIso8601, type Check } from './rules.js';

export const INDUSTRY_TYPES = [
  'AGENCY',
  'BUSINESS_TO_BUSINESS',
  'ONLINE_SERVICES',
  'EDUCATION',
  'FINANCIAL',
  'HEALTH',
  'GOVERNMENT',
  'MEDIA',
  'MOBILE',
  'RESTAURANT',
  'RETAIL',
  'TECHNOLOGY',
  'TRAVEL',
  'OTHER',
] as const;
/** account_history entity types in the selected wire spelling (the promoted post type differs: src/wire/names.ts). */
const historyEntityTypes = (style: NameStyle): string[] => [
  'CAMPAIGN',
  'LINE_ITEM',
  wire('enum.entity_type.promoted_post', style),
  'TARGETING_CRITERIA',
  'PROMOTED_ACCOUNT',
];
/** For help text: the official spelling (either is accepted). */
export const HISTORY_ENTITY_TYPES: readonly string[] = historyEntityTypes('official');
/** Keys GET …/features can filter on. */
export const READABLE_FEATURE_KEYS = ['REACH_AND_FREQUENCY_ANALYTICS', 'REACH_FREQUENCY_CAP', 'WEBSITE_CLICKS_CPM_BILLING'] as const;
/** Keys POST {sandbox}/…/features accepts. */
export const SANDBOX_FEATURE_KEYS = [
  'AGE_TARGETING',
  'ALLOW_SKIPPABLE_VIDEOS_FOR_PREROLL_VIEWS_OBJECTIVE',
  'AWARENESS_OBJECTIVE',
  'BRAND_TPN',
  'CHARGE_FOR_GOOD_CLICK',
  'CONVERSATION_CARD',
  'CONVERSATION_CARD_FOUR_OPTIONS',
  'CONVERSATION_CARD_UNLOCK',
  'CPI_CHARGING',
  'DIRECT_MESSAGE_CARD',
  'DR_TAP',
  'ENGAGER_RETARGETING',
  'EVENT_TARGETING',
  'INSTALLED_APP_CATEGORY_TARGETING',
  'MOBILE_CONVERSION_TRANSACTION_VALUE',
  'OPTIMIZED_ACTION_BIDDING',
  'REACH_AND_FREQUENCY_ANALYTICS',
  'REACH_FREQUENCY_CAP',
  'VALIDATED_AGE_TARGETING',
  'VIDEO_VIEWS_MIDROLL_OBJECTIVE',
  'PREROLL_VIEWS_OBJECTIVE',
  'VIDEO_APP_DOWNLOAD_CARD',
] as const;
/** "id lists in filters: up to 200 ids". */
const MAX_FILTER_IDS = 200;

type Add = (field: string, message: string) => void;
const collector = (): { problems: InputProblem[]; add: Add } => {
  const problems: InputProblem[] = [];
  return { problems, add: (field, message) => problems.push({ field, message }) };
};

/** ISO 8601 on a whole hour (minutes, seconds and fractions zero, in UTC). */
export const wholeHour: Check = (v) => {
  const t = parseIso8601(v);
  if (t === undefined) return isoDateTime(v);
  // A date alone parses as midnight, but the API wants the time written out.
  if (!/T\d\d/.test(v)) return `must be a date and time on a whole hour, e.g. ${v.trim()}T00:00:00Z (got ${JSON.stringify(v)})`;
  return t % 3_600_000 === 0
    ? undefined
    : `must be a whole hour (minutes and seconds zero, UTC), e.g. 2026-01-05T10:00:00Z (got ${JSON.stringify(v)})`;
};

export interface HistoryQuery {
  entity_type?: string;
  entity_id?: string;
  start_time?: string;
  end_time?: string;
  user_id?: string;
}

/** account_history: entity_type (enum), entity_id, start_time and end_time (whole hours) required; user_id a long. */
export function checkHistoryQuery(q: HistoryQuery, style: NameStyle = 'official'): InputProblem[] {
  const { problems, add } = collector();
  for (const name of ['entity_type', 'entity_id', 'start_time', 'end_time'] as const) {
    if (q[name] === undefined || q[name]!.trim() === '') add(name, `is required (--${name.replace(/_/g, '-')})`);
  }
  if (q.entity_type) {
    const m = oneOf(historyEntityTypes(style))(q.entity_type);
    if (m) add('entity_type', m);
  }
  for (const name of ['start_time', 'end_time'] as const) {
    const v = q[name];
    if (!v) continue;
    const m = wholeHour(v);
    if (m) add(name, m);
  }
  const s = q.start_time ? parseIso8601(q.start_time) : undefined;
  const e = q.end_time ? parseIso8601(q.end_time) : undefined;
  if (s !== undefined && e !== undefined && s >= e) add('end_time', `must be after start_time (${q.start_time} → ${q.end_time})`);
  if (q.user_id !== undefined && !/^\d{1,19}$/.test(q.user_id))
    add('user_id', `must be a numeric user id (got ${JSON.stringify(q.user_id)})`);
  return problems;
}

/** A comma list of enum values; returns the list and problems. */
export function enumList(
  field: string,
  input: string | readonly string[] | undefined,
  values: readonly string[],
  opts: { required?: boolean } = {},
): { list: string[]; problems: InputProblem[] } {
  const { problems, add } = collector();
  const list = commaList(input);
  if (opts.required && list.length === 0) add(field, `needs at least one value (${values.join(', ')})`);
  const bad = list.filter((k) => !values.includes(k));
  if (bad.length)
    add(field, `unknown value${bad.length > 1 ? 's' : ''} ${bad.map((b) => JSON.stringify(b)).join(', ')}; allowed: ${values.join(', ')}`);
  return { list: [...new Set(list)], problems };
}

/** ISO 3166-1 alpha-2 country codes, comma list. */
export function countryCodes(field: string, input: string | undefined): { list: string[]; problems: InputProblem[] } {
  const { problems, add } = collector();
  const list = commaList(input);
  if (input !== undefined && list.length === 0) add(field, 'needs at least one two-letter country code, e.g. US');
  const bad = list.filter((c) => !/^[A-Z]{2}$/.test(c));
  if (bad.length)
    add(field, `must be ISO 3166-1 alpha-2 codes in capitals, such as US or GB (got ${bad.map((b) => JSON.stringify(b)).join(', ')})`);
  return { list, problems };
}

/** A comma list of ids, at most 200 of them. */
export function idList(field: string, input: string | undefined): { list: string[]; problems: InputProblem[] } {
  const { problems, add } = collector();
  const list = commaList(input);
  if (input !== undefined && list.length === 0) add(field, 'needs at least one id');
  const m = maxItems(MAX_FILTER_IDS, 'ids')(list);
  if (m) add(field, m);
  return { list, problems };
}

/** sort_by is `<attribute>-asc` or `<attribute>-desc`, with an attribute of the listed resource. */
export function checkSortBy(value: string | undefined, attributes: readonly string[]): InputProblem[] {
  if (value === undefined) return [];
  const m = /^([a-z_]+)-(asc|desc)$/.exec(value);
  if (!m)
    return [
      { field: 'sort_by', message: `must be <attribute>-asc or <attribute>-desc, e.g. created_at-desc (got ${JSON.stringify(value)})` },
    ];
  if (!attributes.includes(m[1]!)) return [{ field: 'sort_by', message: `cannot sort by ${m[1]}; attributes: ${attributes.join(', ')}` }];
  return [];
}

/** industry_type and name of PUT /accounts/:account_id. */
export function checkAccountUpdate(p: { name?: string; industry_type?: string }): InputProblem[] {
  const { problems, add } = collector();
  if (p.name !== undefined && p.name.trim() === '') add('name', 'must not be empty');
  if (p.industry_type !== undefined) {
    const m = oneOf(INDUSTRY_TYPES)(p.industry_type);
    if (m) add('industry_type', m);
  }
  return problems;
}
