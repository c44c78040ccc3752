// The money guard: budgets and bids checked against the funding instrument
// that pays for them, and against the slips people make with units, before a
// campaign or line item is created or changed. Pure rules (what is wrong and
// how sure we are) plus the cached fetch of the funding instrument; what to do
// about a concern (refuse, ask on a terminal, accept an override) is
// `guardDecision`, so a verb, a batch file and a plan share one answer.
//
// Why the guard exists: the API takes any amount the funding instrument can
// carry and its default status is ACTIVE, so `--daily-budget 50000000` (micros
// typed into the decimal flag) starts spending 50,000,000 a day at once.
import type { InputProblem } from '../errors/cli-error.js';
import type { ApiClient } from '../http/client.js';
import { fromMicros } from '../validate/money.js';
import { isCurrency } from '../validate/currency.js';
import { getCampaign, getFundingInstrument } from './campaigns.js';
import type { AccountRef } from './types.js';

export type GuardedField = 'daily_budget_amount_local_micro' | 'total_budget_amount_local_micro' | 'bid_amount_local_micro';

/**
 * How an amount was given. `decimal`: in currency units (`--daily-budget 50`, or a `daily_budget` key in a
 * file line); `micros`: in micro units (`--daily-budget-amount-local-micro`, or the API's name in a file line).
 * `name` is what the user typed it as (the flag, or the file key); `line` the input line of a file.
 */
export interface AmountOrigin {
  unit: 'decimal' | 'micros';
  name: string;
  line?: number;
}

export interface GuardedAmount {
  field: GuardedField;
  micros: bigint | string | number;
  origin: AmountOrigin;
  /** What the amount belongs to, for messages ("campaign Spring sale", "line 4"); optional. */
  subject?: string;
}

/** The funding instrument fields the guard reads (GET …/funding_instruments/:id). */
export interface FundingFacts {
  id: string;
  type?: string | null;
  currency?: string | null;
  credit_limit_local_micro?: number | string | null;
  credit_remaining_local_micro?: number | string | null;
  funded_amount_local_micro?: number | string | null;
}

type ConcernKind = 'micros-slip' | 'over-funds' | 'implausible-bid';

export interface BudgetConcern {
  kind: ConcernKind;
  field: GuardedField;
  line?: number;
  message: string;
}

const MICRO = 1_000_000n;
/** A decimal amount this large (in units of any currency) is far more likely micros typed into the decimal flag. */
const SLIP_UNITS = 1_000_000n;

/** The flag pairs: the decimal flag and the micros flag of each guarded parameter. */
const FLAGS: Record<GuardedField, { decimal: string; micros: string; fileDecimal: string; what: string }> = {
  daily_budget_amount_local_micro: {
    decimal: '--daily-budget',
    micros: '--daily-budget-amount-local-micro',
    fileDecimal: 'daily_budget',
    what: 'daily budget',
  },
  total_budget_amount_local_micro: {
    decimal: '--total-budget',
    micros: '--total-budget-amount-local-micro',
    fileDecimal: 'total_budget',
    what: 'total budget',
  },
  bid_amount_local_micro: { decimal: '--bid', micros: '--bid-amount-local-micro', fileDecimal: 'bid', what: 'bid' },
};

/**
 * How many units of the currency are worth about one US dollar, by order of magnitude, for the currencies of
 * the reference's currency page whose units are small; unlisted currencies count as 1. Only the bid check
 * scales by it: the budget checks compare with the funding instrument's own figures.
 */
const SMALL_UNITS: Record<string, bigint> = {
  JPY: 100n,
  INR: 100n,
  PKR: 100n,
  PHP: 10n,
  THB: 10n,
  MXN: 10n,
  EGP: 10n,
  DZD: 100n,
  ARS: 1000n,
  CLP: 1000n,
  COP: 1000n,
  KRW: 1000n,
  IDR: 10000n,
  VND: 10000n,
  LBP: 10000n,
  IQD: 1000n,
};
/** A bid above this many dollars' worth per action or thousand impressions is not a bid anyone means. */
const BID_CEILING_USD = 1000n;

const toBig = (v: bigint | string | number): bigint | undefined => {
  try {
    const b = BigInt(v);
    return b;
  } catch {
    return undefined;
  }
};
const positive = (v: number | string | null | undefined): bigint | undefined => {
  if (v === null || v === undefined || v === '') return undefined;
  const b = toBig(v);
  return b !== undefined && b > 0n ? b : undefined;
};
const units = (micros: bigint) => fromMicros(micros).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
const where = (o: AmountOrigin) => (o.line !== undefined ? `line ${o.line}: ` : '');

/** The concerns that need no funding instrument: a decimal amount that looks like micros. */
export function slipConcerns(amounts: readonly GuardedAmount[]): BudgetConcern[] {
  const out: BudgetConcern[] = [];
  for (const a of amounts) {
    const v = toBig(a.micros);
    if (v === undefined || a.origin.unit !== 'decimal' || v < SLIP_UNITS * MICRO) continue;
    const f = FLAGS[a.field];
    const flag = a.origin.name.startsWith('--');
    const meant = fromMicros(v / MICRO);
    out.push({
      kind: 'micros-slip',
      field: a.field,
      ...(a.origin.line !== undefined ? { line: a.origin.line } : {}),
      message:
        `${where(a.origin)}${a.origin.name} ${units(v)} looks like micro units: it is ${units(v)} currency units; ` +
        `if you meant ${meant}, give ${flag ? f.decimal : f.fileDecimal} ${meant} or ${flag ? f.micros : a.field} ${fromMicros(v)}`,
    });
  }
  return out;
}

/** The most a budget may be on this funding instrument, and what that figure is; undefined when it states none. */
export function fundingCap(f: FundingFacts): { micros: bigint; what: string } | undefined {
  const remaining = positive(f.credit_remaining_local_micro);
  const limit = positive(f.credit_limit_local_micro);
  // An insertion order's funded amount is its budget; a card's funded amount is what it has paid so far.
  const funded = f.type === 'INSERTION_ORDER' ? positive(f.funded_amount_local_micro) : undefined;
  const caps = [
    remaining !== undefined ? { micros: remaining, what: 'remaining credit' } : undefined,
    limit !== undefined ? { micros: limit, what: 'credit limit' } : undefined,
    funded !== undefined ? { micros: funded, what: 'funded amount' } : undefined,
  ].filter((c): c is { micros: bigint; what: string } => c !== undefined);
  return caps.sort((a, b) => (a.micros < b.micros ? -1 : a.micros > b.micros ? 1 : 0))[0];
}

/** The concerns that need the funding instrument: a budget above what it can pay, a bid no one means in its currency. */
function fundingConcerns(amounts: readonly GuardedAmount[], funding: FundingFacts): BudgetConcern[] {
  const out: BudgetConcern[] = [];
  const cap = fundingCap(funding);
  const currency = funding.currency ? ` ${funding.currency}` : '';
  for (const a of amounts) {
    const v = toBig(a.micros);
    if (v === undefined) continue;
    const line = a.origin.line !== undefined ? { line: a.origin.line } : {};
    const given = `${where(a.origin)}${a.origin.name} ${a.origin.unit === 'micros' ? `${v} (${units(v)}${currency})` : `${units(v)}${currency}`}`;
    if (a.field !== 'bid_amount_local_micro' && cap && v > cap.micros) {
      out.push({
        kind: 'over-funds',
        field: a.field,
        ...line,
        message: `${given}: the ${FLAGS[a.field].what} is above funding instrument ${funding.id}'s ${cap.what} of ${units(cap.micros)}${currency}`,
      });
    }
    const ceiling = BID_CEILING_USD * (SMALL_UNITS[funding.currency ?? ''] ?? 1n) * MICRO;
    if (a.field === 'bid_amount_local_micro' && v > ceiling)
      out.push({
        kind: 'implausible-bid',
        field: a.field,
        ...line,
        message: `${given}: a bid above ${units(ceiling)}${currency} is not plausible${a.origin.unit === 'micros' ? '' : `; ${FLAGS[a.field].micros} takes micro units`}`,
      });
  }
  return out;
}

/**
 * Budgets that each fit but together do not: the total budgets of several campaigns on one funding instrument
 * (`count` of them, `sum` micros) above what it can pay. `line` is where the last of them is set.
 */
export function sumConcern(funding: FundingFacts, sum: bigint, count: number, line?: number): BudgetConcern | undefined {
  const cap = fundingCap(funding);
  if (!cap || count < 2 || sum <= cap.micros) return undefined;
  const currency = funding.currency ? ` ${funding.currency}` : '';
  return {
    kind: 'over-funds',
    field: 'total_budget_amount_local_micro',
    ...(line !== undefined ? { line } : {}),
    message:
      `${line !== undefined ? `line ${line}: ` : ''}the total budgets of the file's ${count} campaigns on funding instrument ${funding.id} ` +
      `add up to ${units(sum)}${currency}, above its ${cap.what} of ${units(cap.micros)}${currency}`,
  };
}

/** Every concern; without the funding instrument only the slips. */
export function budgetConcerns(amounts: readonly GuardedAmount[], funding?: FundingFacts): BudgetConcern[] {
  return [...slipConcerns(amounts), ...(funding ? fundingConcerns(amounts, funding) : [])];
}

export interface GuardMode {
  /** A person is at a terminal and can be asked. */
  interactive: boolean;
  /** The override flag was given (`--yes-budget`): proceed, saying what was accepted. */
  override: boolean;
}

/**
 * What to do about the concerns: `refuse` (problems: exit 6, nothing sent), `confirm` (questions to ask the person
 * at the terminal; a no sends nothing), `accepted` (overridden; say so and proceed). Exactly one is non-empty
 * when there are concerns.
 */
export function guardDecision(
  concerns: readonly BudgetConcern[],
  mode: GuardMode,
): { refuse: InputProblem[]; confirm: string[]; accepted: string[] } {
  const messages = concerns.map((c) => c.message);
  if (!concerns.length) return { refuse: [], confirm: [], accepted: [] };
  if (mode.override) return { refuse: [], confirm: [], accepted: messages };
  if (mode.interactive) return { refuse: [], confirm: messages, accepted: [] };
  return {
    // A problem carries its line as a field (the renderer writes "line N, field: …"): not twice in the message.
    refuse: concerns.map((c) => ({
      field: c.field,
      message: c.line !== undefined ? c.message.replace(`line ${c.line}: `, '') : c.message,
      ...(c.line !== undefined ? { line: c.line } : {}),
    })),
    confirm: [],
    accepted: [],
  };
}

/** The guarded amounts among request parameters; `origin` says how each was given (by wire name). */
export function guardedAmounts(
  params: Readonly<Record<string, string | number | undefined>>,
  origin: (field: GuardedField) => AmountOrigin,
): GuardedAmount[] {
  const out: GuardedAmount[] = [];
  for (const field of Object.keys(FLAGS) as GuardedField[]) {
    const v = params[field];
    if (v === undefined || !/^\d+$/.test(String(v))) continue;
    out.push({ field, micros: String(v), origin: origin(field) });
  }
  return out;
}

/**
 * How an amount was given, from the `typed` map of the flag/file readers (wire name → the decimal flag or
 * file key that set it): present means decimal; absent means the micros flag (or, in a file, the API's name).
 */
export function originFromTyped(typed: Readonly<Partial<Record<string, string>>>, line?: number): (field: GuardedField) => AmountOrigin {
  const at = line !== undefined ? { line } : {};
  return (field) => {
    const name = typed[field];
    if (name) return { unit: 'decimal', name, ...at };
    return { unit: 'micros', name: line !== undefined ? field : FLAGS[field].micros, ...at };
  };
}

/**
 * Funding instruments and the funding instrument of a campaign, fetched at most once per run (a batch
 * file's hundred line items under one campaign cost two GETs).
 */
export class FundingLookup {
  private readonly funding = new Map<string, Promise<FundingFacts | undefined>>();
  private readonly campaigns = new Map<string, Promise<string | undefined>>();
  constructor(
    private readonly client: ApiClient,
    private readonly account: AccountRef,
  ) {}

  instrument(id: string): Promise<FundingFacts | undefined> {
    let p = this.funding.get(id);
    if (!p) {
      p = getFundingInstrument(this.client, this.account, id).then((r) => facts(r.body?.data));
      this.funding.set(id, p);
    }
    return p;
  }

  /** The funding instrument a campaign charges (its funding_instrument_id), or undefined when the reply has none. */
  async ofCampaign(campaignId: string): Promise<FundingFacts | undefined> {
    let p = this.campaigns.get(campaignId);
    if (!p) {
      p = getCampaign(this.client, this.account, campaignId).then((r) => {
        const id = (r.body?.data as { funding_instrument_id?: unknown } | undefined)?.funding_instrument_id;
        return typeof id === 'string' && id ? id : undefined;
      });
      this.campaigns.set(campaignId, p);
    }
    const id = await p;
    return id === undefined ? undefined : this.instrument(id);
  }
}

/** The reply's funding instrument, read defensively (a hostile or odd reply yields only the fields that are well formed). */
function facts(data: unknown): FundingFacts | undefined {
  if (!data || typeof data !== 'object') return undefined;
  const d = data as Record<string, unknown>;
  if (typeof d.id !== 'string') return undefined;
  const money = (v: unknown) => (typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)) ? v : null);
  return {
    id: d.id,
    type: typeof d.type === 'string' ? d.type : null,
    currency: isCurrency(d.currency) ? d.currency : null,
    credit_limit_local_micro: money(d.credit_limit_local_micro),
    credit_remaining_local_micro: money(d.credit_remaining_local_micro),
    funded_amount_local_micro: money(d.funded_amount_local_micro),
  };
}
