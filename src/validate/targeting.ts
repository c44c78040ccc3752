// Targeting criteria (campaign-management reference, POST accounts/:account_id/targeting_criteria
// and its batch endpoint; https://docs.x.com/x-ads-api/campaign-management/reference):
// the targeting types and operators as data, value formats where the reference
// shows them, and the discovery endpoints `ads targeting search` can ask.
import type { InputProblem } from '../errors/cli-error.js';
import { charLength, commaList, didYouMean, integerBetween, maxLength } from './rules.js';

const KEYWORD_TYPES = ['BROAD_KEYWORD', 'EXACT_KEYWORD', 'PHRASE_KEYWORD', 'UNORDERED_KEYWORD'];
export const TARGETING_TYPES = [
  'AGE',
  'DEVICE',
  'EVENT',
  'CAMPAIGN_ENGAGEMENT',
  'CAMPAIGN_ENGAGEMENT_LOOKALIKE',
  'CONVERSATION',
  'ENGAGEMENT_TYPE',
  'FOLLOWERS_OF_USER',
  'GENDER',
  'INTEREST',
  'LANGUAGE',
  'LIVE_TV_EVENT',
  'LOCATION',
  'NETWORK_ACTIVATION_DURATION',
  'NETWORK_OPERATOR',
  'PLATFORM',
  'PLATFORM_VERSION',
  'SIMILAR_TO_FOLLOWERS_OF_USER',
  'TV_SHOW',
  'USER_ENGAGEMENT',
  'USER_ENGAGEMENT_LOOKALIKE',
  'WIFI_ONLY',
  ...KEYWORD_TYPES,
  'CUSTOM_AUDIENCE',
  'CUSTOM_AUDIENCE_EXPANDED',
  'APP_STORE_CATEGORY',
  'APP_STORE_CATEGORY_LOOKALIKE',
  'APP_LIST',
] as const;
export const OPERATORS = ['EQ', 'NE', 'GTE', 'LT'] as const;

/**
 * Value formats the reference's examples fix: a location is 16 hex digits
 * (`96683cc9126741d1`, what targeting_criteria/locations returns), a language an
 * ISO 639-1 code, a platform, interest or user a number, a custom audience an ads id.
 */
const VALUE_FORMATS: Record<string, { re: RegExp; what: string }> = {
  LOCATION: { re: /^[0-9a-f]{16}$/, what: 'a location key of 16 hex digits from `postctl ads targeting search locations`' },
  LANGUAGE: { re: /^[a-z]{2}$/, what: 'a two-letter language code such as en, from `postctl ads targeting search languages`' },
  INTEREST: { re: /^\d{1,10}$/, what: 'an interest id such as 1001, from `postctl ads targeting search interests`' },
  PLATFORM: { re: /^\d{1,5}$/, what: 'a platform id such as 0 (iOS), from `postctl ads targeting search platforms`' },
  GENDER: { re: /^[12]$/, what: '1 (male) or 2 (female)' },
  FOLLOWERS_OF_USER: { re: /^\d{1,19}$/, what: 'a user id (digits)' },
  SIMILAR_TO_FOLLOWERS_OF_USER: { re: /^\d{1,19}$/, what: 'a user id (digits)' },
  CUSTOM_AUDIENCE: { re: /^[0-9a-z]{1,32}$/, what: 'a custom audience id (see `postctl audiences list`)' },
  CUSTOM_AUDIENCE_EXPANDED: { re: /^[0-9a-z]{1,32}$/, what: 'a custom audience id' },
};

export interface TargetingInput {
  line_item_id?: string;
  targeting_type?: string;
  targeting_value?: string;
  operator_type?: string;
}

/** Checks one criterion; `line` names the input line of a bulk file. */
export function checkCriterion(c: TargetingInput, line?: number, needLineItem = true): InputProblem[] {
  const out: InputProblem[] = [];
  const add = (field: string, message: string) => out.push({ field, message, ...(line !== undefined ? { line } : {}) });
  if (needLineItem) {
    if (c.line_item_id === undefined) add('line_item_id', 'is required');
    else if (!/^[0-9a-z]{1,32}$/.test(c.line_item_id)) add('line_item_id', `must be an ads id (got ${JSON.stringify(c.line_item_id)})`);
  }
  const type = c.targeting_type;
  if (type === undefined) add('targeting_type', 'is required');
  else if (!(TARGETING_TYPES as readonly string[]).includes(type))
    add(
      'targeting_type',
      `${JSON.stringify(type)} is not a targeting type${didYouMean(type, TARGETING_TYPES) || ';'} allowed: ${TARGETING_TYPES.join(', ')}`,
    );
  const value = c.targeting_value;
  if (value === undefined || value.trim() === '') add('targeting_value', 'is required');
  else if (type && VALUE_FORMATS[type] && !VALUE_FORMATS[type].re.test(value))
    add('targeting_value', `${type} needs ${VALUE_FORMATS[type].what} (got ${JSON.stringify(value)})`);
  else if (type && KEYWORD_TYPES.includes(type)) {
    const msg = maxLength(255)(value);
    if (msg) add('targeting_value', msg);
  }
  const op = c.operator_type ?? 'EQ';
  if (!(OPERATORS as readonly string[]).includes(op))
    add('operator_type', `must be one of ${OPERATORS.join(', ')} (got ${JSON.stringify(op)})`);
  else if (type === 'APP_LIST' && op !== 'NE') add('operator_type', 'APP_LIST can only be excluded (operator_type NE)');
  else if ((op === 'GTE' || op === 'LT') && type !== 'NETWORK_ACTIVATION_DURATION')
    add('operator_type', `${op} is only for NETWORK_ACTIVATION_DURATION`);
  return out;
}

/** Only one AGE bucket per line item (the reference's note), across a whole file. */
export function checkAgeOnce(items: Array<{ line: number; c: TargetingInput }>): InputProblem[] {
  const seen = new Map<string, number>();
  const out: InputProblem[] = [];
  for (const { line, c } of items) {
    if (c.targeting_type !== 'AGE' || (c.operator_type ?? 'EQ') !== 'EQ') continue;
    const first = seen.get(c.line_item_id ?? '');
    if (first !== undefined)
      out.push({ line, field: 'targeting_type', message: `a line item takes one AGE bucket (line ${first} already targets one)` });
    else seen.set(c.line_item_id ?? '', line);
  }
  return out;
}

/** The discovery endpoints (GET targeting_criteria/<path>) and what each takes. */
export const DISCOVERY = {
  locations: { path: 'locations', q: true, count: { min: 1, max: 1000, def: 200 } },
  interests: { path: 'interests', q: true, count: { min: 1, max: 1000, def: 200 } },
  languages: { path: 'languages', q: true, count: { min: 1, max: 1000, def: 200 } },
  platforms: { path: 'platforms', q: true, count: { min: 1, max: 1000, def: 200 } },
  'platform-versions': { path: 'platform_versions', q: true },
  devices: { path: 'devices', q: true, count: { min: 1, max: 1000, def: 200 } },
  'network-operators': { path: 'network_operators', q: true, count: { min: 1, max: 1000, def: 200 } },
  conversations: { path: 'conversations', q: false, count: { min: 1, max: 1000, def: 200 } },
  events: { path: 'events', q: false, count: { min: 1, max: 1000, def: 200 } },
  'tv-markets': { path: 'tv_markets', q: false },
  'tv-shows': { path: 'tv_shows', q: true, count: { min: 1, max: 50, def: 50 } },
  'app-store-categories': { path: 'app_store_categories', q: true },
} as const satisfies Record<string, { path: string; q: boolean; count?: { min: number; max: number; def: number } }>;
export type DiscoveryType = keyof typeof DISCOVERY;

export const LOCATION_TYPES = ['COUNTRIES', 'REGIONS', 'METROS', 'CITIES', 'POSTAL_CODES'];
export const EVENT_TYPES = ['CONFERENCE', 'HOLIDAY', 'MUSIC_AND_ENTERTAINMENT', 'OTHER', 'POLITICS', 'RECURRING', 'SPORTS'];
export const OS_TYPES = ['ANDROID', 'IOS'];
export const SUGGESTION_TYPES = ['KEYWORD', 'USER_ID'];

/** targeting_suggestions: 1 to 50 seeds of one kind (user ids are digits), count 1 to 50. */
export function checkSuggestions(type: string, values: string, count: string | undefined): InputProblem[] {
  const out: InputProblem[] = [];
  if (!SUGGESTION_TYPES.includes(type))
    out.push({ field: 'suggestion_type', message: `must be KEYWORD or USER_ID (got ${JSON.stringify(type)})` });
  const list = commaList(values);
  if (!list.length) out.push({ field: 'targeting_values', message: 'must list at least one keyword or user id' });
  if (type === 'USER_ID' && list.some((v) => !/^\d{1,19}$/.test(v)))
    out.push({ field: 'targeting_values', message: 'USER_ID suggestions take user ids (digits); keywords and user ids cannot be mixed' });
  if (list.some((v) => charLength(v) > 255)) out.push({ field: 'targeting_values', message: 'each value is at most 255 characters' });
  const msg = count === undefined ? undefined : integerBetween(1, 50)(count);
  if (msg) out.push({ field: 'count', message: msg });
  return out;
}

/**
 * The audience estimate's input: a JSON array of criteria, or the request body
 * itself ({"targeting_criteria": [...]}); each criterion is checked as for
 * `targeting add` (no line item). The body sent is the reference's example shape.
 */
export function estimateCriteria(body: unknown): { criteria: TargetingInput[]; problems: InputProblem[] } {
  const list =
    body && typeof body === 'object' && !Array.isArray(body) && 'targeting_criteria' in body
      ? (body as { targeting_criteria: unknown }).targeting_criteria
      : body;
  if (!Array.isArray(list))
    return {
      criteria: [],
      problems: [{ field: 'body', message: 'must be a JSON array of targeting criteria, or {"targeting_criteria": [...]}' }],
    };
  if (list.length === 0) return { criteria: [], problems: [{ field: 'body', message: 'must hold at least one targeting criterion' }] };
  const problems: InputProblem[] = [];
  list.forEach((c, i) => {
    if (c === null || typeof c !== 'object' || Array.isArray(c)) problems.push({ field: `body[${i}]`, message: 'must be a JSON object' });
    else for (const p of checkCriterion(c as TargetingInput, undefined, false)) problems.push({ ...p, field: `body[${i}].${p.field}` });
  });
  return { criteria: list as TargetingInput[], problems };
}
