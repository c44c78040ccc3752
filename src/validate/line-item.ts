// Line item update parameters (ads-api.md "Line items") as data, and pure
// checkers: `checkLineItemParams` needs only the parameters; `checkAgainstLineItem`
// needs the line item as it is now (objective, placements, current values) and is
// the part `--no-fetch` skips.
import type { InputProblem } from '../errors/cli-error.js';
import { fromMicros } from './money.js';
import { commaList, isoDateTime, maxLength, oneOf, parseIso8601, positiveLong, type Check } from './rules.js';

const AUDIENCE_EXPANSION = ['BROAD', 'DEFINED', 'EXPANDED'] as const;
const BID_STRATEGIES = ['AUTO', 'MAX', 'TARGET'] as const;
export const ENTITY_STATUSES = ['ACTIVE', 'PAUSED'] as const;
const GOALS = [
  'APP_CLICKS',
  'APP_INSTALLS',
  'APP_PURCHASES',
  'ENGAGEMENT',
  'FOLLOWERS',
  'LINK_CLICKS',
  'MAX_REACH',
  'PREROLL',
  'PREROLL_STARTS',
  'REACH_WITH_ENGAGEMENT',
  'VIDEO_VIEW',
  'VIEW_3S_100PCT',
  'VIEW_6S',
  'VIEW_15S',
  'WEBSITE_CONVERSIONS',
] as const;
const PAY_BY = ['APP_CLICK', 'IMPRESSION', 'LINK_CLICK'] as const;
const DURATION_IN_DAYS = ['1', '7', '30'] as const;

type ParamKind = 'text' | 'enum' | 'enums' | 'micros' | 'count' | 'time' | 'domain' | 'iab' | 'digits' | 'package' | 'id';

export interface LineItemParam {
  /** API parameter name; the flag is --name-with-dashes. */
  name: string;
  kind: ParamKind;
  values?: readonly string[];
  /** Its decimal-amount key in --file lines, converted to micros (`bid`: 2.50 → bid_amount_local_micro 2500000). */
  money?: string;
  /** Longest text accepted, in characters (kind text). */
  max?: number;
}

/**
 * The spec's parameter table for PUT …/line_items/:line_item_id: each parameter's rules, by its wire name.
 * The flags that set them are declared in the verb (src/commands/ads/line-items/update.ts), each naming its
 * parameter (`wire`); help text lives there.
 */
export const LINE_ITEM_PARAMS = [
  { name: 'name', kind: 'text' },
  { name: 'entity_status', kind: 'enum', values: ENTITY_STATUSES },
  { name: 'bid_strategy', kind: 'enum', values: BID_STRATEGIES },
  { name: 'bid_amount_local_micro', kind: 'micros', money: 'bid' },
  { name: 'goal', kind: 'enum', values: GOALS },
  { name: 'pay_by', kind: 'enum', values: PAY_BY },
  { name: 'audience_expansion', kind: 'enum', values: AUDIENCE_EXPANSION },
  { name: 'total_budget_amount_local_micro', kind: 'micros', money: 'total-budget' },
  { name: 'daily_budget_amount_local_micro', kind: 'micros', money: 'daily-budget' },
  { name: 'start_time', kind: 'time' },
  { name: 'end_time', kind: 'time' },
  { name: 'frequency_cap', kind: 'count' },
  { name: 'duration_in_days', kind: 'enum', values: DURATION_IN_DAYS },
  { name: 'advertiser_domain', kind: 'domain' },
  { name: 'categories', kind: 'iab' },
  { name: 'advertiser_user_id', kind: 'digits' },
  { name: 'android_app_store_identifier', kind: 'package' },
  { name: 'ios_app_store_identifier', kind: 'digits' },
] as const satisfies readonly LineItemParam[];

/** The same table, each entry as the checkers read it. */
const PARAMS: readonly LineItemParam[] = LINE_ITEM_PARAMS;

export type LineItemParams = Record<string, string>;

/** Objective-dependent rules, as data. */
const OBJECTIVE_RULES = {
  /** Parameters accepted only for some objectives. */
  onlyFor: {
    frequency_cap: ['REACH', 'ENGAGEMENTS', 'VIDEO_VIEWS', 'PREROLL_VIEWS'],
    pay_by: ['APP_INSTALLS'],
    advertiser_user_id: ['PREROLL_VIEWS'],
  } as Record<string, readonly string[]>,
  /** Bid strategies and the objectives they are (not) available for. */
  bidStrategy: {
    MAX: { notFor: ['REACH', 'FOLLOWERS'] },
    TARGET: { onlyFor: ['REACH', 'WEBSITE_CLICKS'] },
  } as Record<string, { notFor?: readonly string[]; onlyFor?: readonly string[] }>,
  /** Objectives that need at least one app store identifier. */
  needsApp: ['APP_INSTALLS', 'APP_ENGAGEMENTS'] as readonly string[],
  /** Objectives that need IAB categories (business categories apply to PREROLL_VIEWS). */
  needsCategories: ['PREROLL_VIEWS'] as readonly string[],
  /** How many categories an objective takes (ads-api.md: PREROLL_VIEWS needs one or two business categories). */
  categoryCount: { PREROLL_VIEWS: { min: 1, max: 2 } } as Record<string, { min: number; max: number }>,
  /** Placements that make parameters required. */
  placementNeeds: { PUBLISHER_NETWORK: ['advertiser_domain', 'categories'] } as Record<string, readonly string[]>,
};

const flagOf = (name: string): string => `--${name.replace(/_/g, '-')}`;

const nonEmpty: Check = (v) => (v.trim() === '' ? 'must not be empty' : undefined);

/** A domain name without protocol, path or port. */
export const bareDomain: Check = (v) => {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(v)) return `must be a domain without protocol, e.g. example.com (got ${JSON.stringify(v)})`;
  if (/[/?#:@\s]/.test(v)) return `must be a bare domain such as example.com, without path, port or spaces (got ${JSON.stringify(v)})`;
  const labels = v.split('.');
  const ok =
    labels.length >= 2 &&
    v.length <= 253 &&
    labels.every((l) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(l)) &&
    /[a-z]/i.test(labels.at(-1)!);
  return ok ? undefined : `must be a domain such as example.com (got ${JSON.stringify(v)})`;
};

const iabList: Check = (v) => {
  const list = commaList(v);
  if (list.length === 0) return 'must list at least one IAB category, e.g. IAB1 or IAB19-6';
  const bad = list.filter((c) => !/^IAB\d{1,2}(?:-\d{1,3})?$/.test(c));
  return bad.length
    ? `must be IAB category identifiers such as IAB1 or IAB19-6 (got ${bad.map((b) => JSON.stringify(b)).join(', ')})`
    : undefined;
};

/** A comma list of enum values, each one of `values`. */
const enumsOf =
  (values: readonly string[]): Check =>
  (v) => {
    const list = commaList(v);
    if (!list.length) return `must list at least one of ${values.join(', ')}`;
    const bad = list.filter((x) => !values.includes(x));
    return bad.length ? `${bad.map((b) => JSON.stringify(b)).join(', ')}: not one of ${values.join(', ')}` : undefined;
  };

const digits =
  (example: string): Check =>
  (v) =>
    /^\d{1,20}$/.test(v) ? undefined : `must be digits only, e.g. ${example} (got ${JSON.stringify(v)})`;
const androidPackage: Check = (v) =>
  /^[A-Za-z][A-Za-z0-9_]*(?:\.[A-Za-z][A-Za-z0-9_]*)+$/.test(v)
    ? undefined
    : `must be an Android package name such as com.example.app (got ${JSON.stringify(v)})`;
const positiveCount: Check = (v) =>
  /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 2147483647
    ? undefined
    : `must be a whole number of at least 1 (got ${JSON.stringify(v)})`;
const micros: Check = (v) =>
  /^-?\d*\.\d*$/.test(v)
    ? `must be a whole number of micro units (got ${JSON.stringify(v)}); use the decimal flag for amounts like 2.50`
    : /^[+-]|^0\d/.test(v)
      ? `must be a whole number of micro units without a sign or leading zeros (got ${JSON.stringify(v)})`
      : positiveLong(v);

/**
 * A schedule time names its zone: without one the API reads it in the account's time zone, which the person
 * typing `2026-12-01` rarely has in mind; refused with the two ways to say it.
 */
const zoned: Check = (v) => {
  const s = v.trim();
  if (parseIso8601(s) === undefined || /(Z|[+-]\d{2}:?\d{2})$/i.test(s)) return undefined;
  const day = s.slice(0, 10);
  const at = s.length > 10 ? s : `${day}T00:00:00`;
  return `has no time zone (got ${JSON.stringify(v)}): the API would read it in the ad account's time zone; give ${at}Z for UTC or an offset such as ${at}-08:00`;
};

const adsId: Check = (v) =>
  /^[0-9a-z]{1,32}$/.test(v) ? undefined : `must be an ads id (letters a-z and digits; got ${JSON.stringify(v)})`;

function checksFor(p: LineItemParam): Check[] {
  switch (p.kind) {
    case 'text':
      return p.max ? [nonEmpty, maxLength(p.max)] : [nonEmpty];
    case 'id':
      return [adsId];
    case 'enum':
      return [oneOf(p.values!)];
    case 'enums':
      return [enumsOf(p.values!)];
    case 'micros':
      return [micros];
    case 'count':
      return [positiveCount];
    case 'time':
      return [isoDateTime, zoned];
    case 'domain':
      return [bareDomain];
    case 'iab':
      return [iabList];
    case 'digits':
      return [digits(p.name === 'ios_app_store_identifier' ? '333903271' : '756201191646691328')];
    case 'package':
      return [androidPackage];
  }
}

/** The API's enum values are upper case: `--entity-status paused` is PAUSED (anything else stays as typed, for the error). */
/** The rules that need only the parameters themselves. */
export function checkLineItemParams(
  params: LineItemParams,
  typed: TypedUnits = {},
  table: readonly LineItemParam[] = PARAMS,
): { problems: InputProblem[]; warnings: string[] } {
  const problems = checkTable(table, params);
  const warnings: string[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const strategy = params.bid_strategy;
  if ((strategy === 'MAX' || strategy === 'TARGET') && params.bid_amount_local_micro === undefined) {
    add('bid_amount_local_micro', `is required when bid_strategy is ${strategy} (give --bid or --bid-amount-local-micro)`);
  }
  if (strategy === 'AUTO' && params.bid_amount_local_micro !== undefined)
    warnings.push('bid_amount_local_micro is ignored by the API when bid_strategy is AUTO');
  if (params.pay_by === 'IMPRESSION' && strategy === 'TARGET') add('pay_by', 'IMPRESSION is not supported with the TARGET bid strategy');
  budgetOrder(
    params.daily_budget_amount_local_micro,
    params.total_budget_amount_local_micro,
    add,
    'daily_budget_amount_local_micro',
    '',
    typed,
  );
  timeOrder(params.start_time, params.end_time, add, 'end_time', '');
  return { problems, warnings };
}

/** Each given parameter against its kind in `table` (values, lengths, formats); unknown names are left to the caller. */
export function checkTable(table: readonly LineItemParam[], params: LineItemParams): InputProblem[] {
  const problems: InputProblem[] = [];
  for (const p of table) {
    const v = params[p.name];
    if (v === undefined) continue;
    for (const c of checksFor(p)) {
      const msg = c(v);
      if (msg) problems.push({ field: p.name, message: msg });
    }
  }
  return problems;
}

/** The line item as fetched: the fields the dependent rules read. */
export interface LineItemFacts {
  objective?: string | null;
  placements?: readonly string[] | null;
  bid_strategy?: string | null;
  pay_by?: string | null;
  advertiser_domain?: string | null;
  categories?: readonly string[] | string | null;
  android_app_store_identifier?: string | null;
  ios_app_store_identifier?: string | null;
  start_time?: string | null;
  end_time?: string | null;
  total_budget_amount_local_micro?: number | string | null;
  daily_budget_amount_local_micro?: number | string | null;
}

const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);

/** The rules that depend on the line item's objective, placements and current values. */
export function checkAgainstLineItem(
  params: LineItemParams,
  current: LineItemFacts,
  typed: TypedUnits = {},
): { problems: InputProblem[]; warnings: string[] } {
  const problems: InputProblem[] = [];
  const warnings: string[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  const objective = current.objective ?? '';
  const placements = current.placements ?? [];

  for (const [param, objectives] of Object.entries(OBJECTIVE_RULES.onlyFor)) {
    if (params[param] !== undefined && !objectives.includes(objective))
      add(param, `is only for ${objectives.join(', ')} line items; this one's objective is ${objective || 'unknown'}`);
  }
  const given = params.bid_strategy;
  const rule = given ? OBJECTIVE_RULES.bidStrategy[given] : undefined;
  if (rule?.notFor?.includes(objective)) add('bid_strategy', `${given} is not available for the ${objective} objective`);
  if (rule?.onlyFor && !rule.onlyFor.includes(objective))
    add('bid_strategy', `${given} is only for ${rule.onlyFor.join(' or ')} objectives; this one's objective is ${objective || 'unknown'}`);

  const strategy = given ?? current.bid_strategy ?? undefined;
  if (!given && strategy === 'AUTO' && params.bid_amount_local_micro !== undefined)
    warnings.push("bid_amount_local_micro is ignored by the API: this line item's bid_strategy is AUTO");
  const payBy = params.pay_by ?? current.pay_by ?? undefined;
  // Both given is a static check; with one given, the other side is the line item's.
  const onlyOne = (params.pay_by !== undefined) !== (given !== undefined);
  if (onlyOne && payBy === 'IMPRESSION' && strategy === 'TARGET') {
    add(params.pay_by !== undefined ? 'pay_by' : 'bid_strategy', 'pay_by IMPRESSION is not supported with the TARGET bid strategy');
  }

  const effective = (name: keyof LineItemFacts & string) => (params[name] !== undefined ? params[name] : current[name]);
  if (
    OBJECTIVE_RULES.needsApp.includes(objective) &&
    !present(effective('android_app_store_identifier')) &&
    !present(effective('ios_app_store_identifier'))
  ) {
    add('android_app_store_identifier', `${objective} line items need android_app_store_identifier or ios_app_store_identifier`);
  }
  if (OBJECTIVE_RULES.needsCategories.includes(objective) && !present(effective('categories')))
    add('categories', `${objective} line items need IAB categories (see \`postctl ads business-categories\`)`);
  const count = OBJECTIVE_RULES.categoryCount[objective];
  if (count && params.categories !== undefined) {
    const n = commaList(params.categories).length;
    if (n < count.min || n > count.max)
      add('categories', `${objective} line items take ${count.min} or ${count.max} categories (got ${n})`);
  }
  for (const [placement, needs] of Object.entries(OBJECTIVE_RULES.placementNeeds)) {
    if (!placements.includes(placement)) continue;
    for (const name of needs)
      if (!present(effective(name as keyof LineItemFacts)))
        add(name, `is required because the line item's placements include ${placement}; give ${flagOf(name)}`);
  }
  // Pairs where only one side is given: compare with the line item's other side.
  budgetAgainst(params, current, typed, "line item's", add);
  if ((params.start_time === undefined) !== (params.end_time === undefined)) {
    const field = params.start_time !== undefined ? 'start_time' : 'end_time';
    timeOrder(str(effective('start_time')), str(effective('end_time')), add, field, " (the other one is the line item's current value)");
  }
  return { problems, warnings };
}

function str(v: unknown): string | undefined {
  return v === undefined || v === null ? undefined : String(v);
}

/**
 * The budget pair with one side given: compared with the object's current
 * other side (`whose`: "line item's", "campaign's").
 */
export function budgetAgainst(
  params: LineItemParams,
  current: { daily_budget_amount_local_micro?: unknown; total_budget_amount_local_micro?: unknown },
  typed: TypedUnits,
  whose: string,
  add: (field: string, message: string) => void,
): void {
  const daily = params.daily_budget_amount_local_micro;
  const total = params.total_budget_amount_local_micro;
  if ((daily === undefined) === (total === undefined)) return;
  budgetOrder(
    daily ?? str(current.daily_budget_amount_local_micro),
    total ?? str(current.total_budget_amount_local_micro),
    add,
    daily !== undefined ? 'daily_budget_amount_local_micro' : 'total_budget_amount_local_micro',
    ` (the other one is the ${whose} current value)`,
    typed,
  );
}

/** Money fields given through a decimal flag (--daily-budget 500): errors speak that unit, not micros. */
export type TypedUnits = Partial<Record<string, string>>;

export function budgetOrder(
  daily: string | undefined,
  total: string | undefined,
  add: (f: string, m: string) => void,
  field: string,
  note: string,
  typed: TypedUnits = {},
): void {
  if (!daily || !total || !/^\d+$/.test(daily) || !/^\d+$/.test(total)) return;
  if (BigInt(daily) <= BigInt(total)) return;
  const dailyFlag = typed.daily_budget_amount_local_micro;
  const totalFlag = typed.total_budget_amount_local_micro;
  if (dailyFlag || totalFlag) {
    add(
      field,
      `the daily budget must be at most the total budget${note} (${dailyFlag ?? 'daily'} ${fromMicros(daily)} > ${totalFlag ?? 'total'} ${fromMicros(total)}, in the account's currency)`,
    );
  } else add(field, `daily_budget_amount_local_micro must be at most total_budget_amount_local_micro${note} (${daily} > ${total})`);
}

function timeOrder(
  start: string | undefined,
  end: string | undefined,
  add: (f: string, m: string) => void,
  field: string,
  note: string,
): void {
  if (!start || !end) return;
  const s = parseIso8601(start);
  const e = parseIso8601(end);
  if (s === undefined || e === undefined) return;
  if (s >= e) add(field, `start_time must be before end_time${note} (${start} → ${end})`);
}
