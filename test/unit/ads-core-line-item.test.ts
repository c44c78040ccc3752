// The line item rules as pure functions: flags → parameters, the rules that need
// only the parameters, and the rules that need the fetched line item.
import { describe, expect, it } from 'vitest';
import { LINE_ITEM_FLAGS } from '../../src/commands/ads/line-items/_flags.js';
import { UsageError } from '../../src/errors/cli-error.js';
import {
  LINE_ITEM_PARAMS,
  bareDomain,
  checkAgainstLineItem,
  checkLineItemParams,
  type LineItemFacts,
} from '../../src/validate/line-item.js';
import { paramsFromFlags } from '../../src/validate/wire-flags.js';

const fields = (r: { problems: Array<{ field?: string }> }) => r.problems.map((p) => p.field);
/** The verb's parameter flags, as `ads line-items update` reads them. */
const fromFlags = (given: { [K in keyof typeof LINE_ITEM_FLAGS]?: string } & Record<string, unknown>) =>
  paramsFromFlags(LINE_ITEM_FLAGS, given, LINE_ITEM_PARAMS);

describe('paramsFromFlags', () => {
  it('every parameter flag of the verb names a parameter of the table, and every parameter has a flag', () => {
    const wires = Object.values(LINE_ITEM_FLAGS).map((f) => f.wire);
    expect(new Set(wires)).toEqual(new Set(LINE_ITEM_PARAMS.map((p) => p.name)));
    const money = Object.entries(LINE_ITEM_FLAGS).filter(([, f]) => 'type' in f && f.type === 'money');
    expect(money.map(([k, f]) => [k, f.wire])).toEqual([
      ['bid', 'bid_amount_local_micro'],
      ['totalBudget', 'total_budget_amount_local_micro'],
      ['dailyBudget', 'daily_budget_amount_local_micro'],
    ]);
  });

  it('a flag naming a parameter the table does not have is a bug, not a silent drop', () => {
    const declared = { colour: { flags: '--colour <c>', wire: 'colour' } } as const;
    expect(() => paramsFromFlags(declared, { colour: 'red' }, LINE_ITEM_PARAMS)).toThrow(/--colour sets colour, which has no rule/);
  });

  it('reads each flag under its declared key only: a key the verb did not declare is ignored', () => {
    const given = { bid: '2.50', bidAmountLocalMicro: '1' };
    expect(paramsFromFlags({ bid: LINE_ITEM_FLAGS.bid }, given, LINE_ITEM_PARAMS).params).toEqual({
      bid_amount_local_micro: '2500000',
    });
  });

  it('keeps only the flags given, named as the API names them', () => {
    const { params, problems } = fromFlags({ entityStatus: 'PAUSED', name: 'x', fetch: true, dryRun: true, account: 'a' });
    expect(params).toEqual({ name: 'x', entity_status: 'PAUSED' });
    expect(problems).toEqual([]);
  });

  it('converts money flags to micros exactly', () => {
    expect(fromFlags({ bid: '0.1', dailyBudget: '10', totalBudget: '37.50' }).params).toEqual({
      bid_amount_local_micro: '100000',
      total_budget_amount_local_micro: '37500000',
      daily_budget_amount_local_micro: '10000000',
    });
  });

  it('a decimal with too many places is a problem on the field', () => {
    const { params, problems } = fromFlags({ bid: '1.0000001' });
    expect(params).toEqual({});
    expect(problems).toEqual([{ field: 'bid_amount_local_micro', message: expect.stringMatching(/--bid .*more decimals/) }]);
  });

  it('raw and friendly flags for one field conflict (usage error)', () => {
    expect(() => fromFlags({ bid: '1', bidAmountLocalMicro: '1000000' })).toThrow(UsageError);
    expect(() => fromFlags({ dailyBudget: '1', dailyBudgetAmountLocalMicro: '1000000' })).toThrow(
      /--daily-budget-amount-local-micro and --daily-budget/,
    );
  });

  it('has one entry per parameter of the spec table', () => {
    expect(LINE_ITEM_PARAMS.map((p) => p.name).sort()).toEqual([
      'advertiser_domain',
      'advertiser_user_id',
      'android_app_store_identifier',
      'audience_expansion',
      'bid_amount_local_micro',
      'bid_strategy',
      'categories',
      'daily_budget_amount_local_micro',
      'duration_in_days',
      'end_time',
      'entity_status',
      'frequency_cap',
      'goal',
      'ios_app_store_identifier',
      'name',
      'pay_by',
      'start_time',
      'total_budget_amount_local_micro',
    ]);
  });
});

describe('checkLineItemParams', () => {
  it.each([
    ['audience_expansion', 'NARROW'],
    ['bid_strategy', 'LOWEST_COST'],
    ['entity_status', 'DRAFT'],
    ['goal', 'CLICKS'],
    ['pay_by', 'VIEW'],
    ['duration_in_days', '14'],
    ['bid_amount_local_micro', '0'],
    ['bid_amount_local_micro', '2.5'],
    ['total_budget_amount_local_micro', '-5'],
    ['daily_budget_amount_local_micro', 'ten'],
    ['frequency_cap', '0'],
    ['frequency_cap', '1.5'],
    ['start_time', 'tomorrow'],
    ['end_time', '2026-02-30T00:00:00Z'],
    ['advertiser_domain', 'https://example.com'],
    ['advertiser_domain', 'example.com/shop'],
    ['advertiser_domain', 'localhost'],
    ['categories', 'sports'],
    ['ios_app_store_identifier', 'id333903271'],
    ['android_app_store_identifier', 'not a package'],
    ['advertiser_user_id', '@someone'],
    ['name', '  '],
  ])('%s=%j is rejected with the field named', (field, value) => {
    const r = checkLineItemParams({ [field]: value });
    expect(fields(r)).toContain(field);
  });

  it('accepts a valid set', () => {
    const r = checkLineItemParams({
      name: 'Spring',
      entity_status: 'PAUSED',
      bid_strategy: 'TARGET',
      bid_amount_local_micro: '2500000',
      goal: 'LINK_CLICKS',
      audience_expansion: 'BROAD',
      total_budget_amount_local_micro: '37500000',
      daily_budget_amount_local_micro: '10000000',
      start_time: '2026-03-01T00:00:00Z',
      end_time: '2026-04-01T00:00:00Z',
      frequency_cap: '3',
      duration_in_days: '7',
      advertiser_domain: 'shop.example.com',
      categories: 'IAB1,IAB19-6',
      ios_app_store_identifier: '333903271',
      android_app_store_identifier: 'com.example.app',
      advertiser_user_id: '756201191646691328',
      pay_by: 'APP_CLICK',
    });
    expect(r).toEqual({ problems: [], warnings: [] });
  });

  it('MAX and TARGET need a bid; AUTO ignores it with a warning', () => {
    expect(fields(checkLineItemParams({ bid_strategy: 'MAX' }))).toEqual(['bid_amount_local_micro']);
    expect(fields(checkLineItemParams({ bid_strategy: 'TARGET' }))).toEqual(['bid_amount_local_micro']);
    const auto = checkLineItemParams({ bid_strategy: 'AUTO', bid_amount_local_micro: '100' });
    expect(auto.problems).toEqual([]);
    expect(auto.warnings).toEqual([expect.stringMatching(/ignored .*AUTO/)]);
  });

  it('daily budget at most the total, start before end, IMPRESSION not with TARGET', () => {
    expect(fields(checkLineItemParams({ daily_budget_amount_local_micro: '20', total_budget_amount_local_micro: '10' }))).toEqual([
      'daily_budget_amount_local_micro',
    ]);
    expect(checkLineItemParams({ daily_budget_amount_local_micro: '10', total_budget_amount_local_micro: '10' }).problems).toEqual([]);
    expect(fields(checkLineItemParams({ start_time: '2026-03-02T00:00:00Z', end_time: '2026-03-01T00:00:00Z' }))).toEqual(['end_time']);
    expect(fields(checkLineItemParams({ pay_by: 'IMPRESSION', bid_strategy: 'TARGET', bid_amount_local_micro: '1' }))).toEqual(['pay_by']);
  });

  it('budget order errors speak the unit the user typed: dollars from --daily-budget, micros from the raw flags', () => {
    const fromDollars = fromFlags({ dailyBudget: '500', totalBudget: '100' });
    const msg = checkLineItemParams(fromDollars.params, fromDollars.typed).problems[0]!.message;
    expect(msg).toContain('--daily-budget 500 > --total-budget 100');
    expect(msg).not.toContain('500000000');
    const fromMicros = fromFlags({ dailyBudgetAmountLocalMicro: '500000000', totalBudgetAmountLocalMicro: '100000000' });
    expect(checkLineItemParams(fromMicros.params, fromMicros.typed).problems[0]!.message).toContain('(500000000 > 100000000)');
  });

  it('reports every problem at once', () => {
    expect(fields(checkLineItemParams({ goal: 'x', pay_by: 'y', duration_in_days: '2' }))).toEqual(['goal', 'pay_by', 'duration_in_days']);
  });
});

describe('checkAgainstLineItem', () => {
  const li = (objective: string, extra: Partial<LineItemFacts> = {}): LineItemFacts => ({
    objective,
    placements: ['ALL_ON_SERVICE'],
    bid_strategy: 'AUTO',
    ...extra,
  });

  it('frequency_cap only for REACH, ENGAGEMENTS, VIDEO_VIEWS, PREROLL_VIEWS', () => {
    for (const o of ['REACH', 'ENGAGEMENTS', 'VIDEO_VIEWS'])
      expect(checkAgainstLineItem({ frequency_cap: '2' }, li(o)).problems).toEqual([]);
    expect(checkAgainstLineItem({ frequency_cap: '2' }, li('PREROLL_VIEWS', { categories: ['IAB1'] })).problems).toEqual([]);
    expect(fields(checkAgainstLineItem({ frequency_cap: '2' }, li('WEBSITE_CLICKS')))).toEqual(['frequency_cap']);
  });

  it('MAX not for REACH or FOLLOWERS; TARGET only for REACH or WEBSITE_CLICKS', () => {
    const p = (s: string) => ({ bid_strategy: s, bid_amount_local_micro: '1000' });
    expect(fields(checkAgainstLineItem(p('MAX'), li('REACH')))).toEqual(['bid_strategy']);
    expect(fields(checkAgainstLineItem(p('MAX'), li('FOLLOWERS')))).toEqual(['bid_strategy']);
    expect(checkAgainstLineItem(p('MAX'), li('ENGAGEMENTS')).problems).toEqual([]);
    expect(checkAgainstLineItem(p('TARGET'), li('REACH')).problems).toEqual([]);
    expect(checkAgainstLineItem(p('TARGET'), li('WEBSITE_CLICKS')).problems).toEqual([]);
    expect(fields(checkAgainstLineItem(p('TARGET'), li('ENGAGEMENTS')))).toEqual(['bid_strategy']);
  });

  it('pay_by only for APP_INSTALLS, and IMPRESSION not with a TARGET line item', () => {
    const app = li('APP_INSTALLS', { ios_app_store_identifier: '1' });
    expect(checkAgainstLineItem({ pay_by: 'APP_CLICK' }, app).problems).toEqual([]);
    expect(fields(checkAgainstLineItem({ pay_by: 'APP_CLICK' }, li('WEBSITE_CLICKS')))).toEqual(['pay_by']);
    expect(fields(checkAgainstLineItem({ pay_by: 'IMPRESSION' }, { ...app, bid_strategy: 'TARGET' }))).toContain('pay_by');
  });

  it('a bid on an AUTO line item is a warning, not an error', () => {
    const r = checkAgainstLineItem({ bid_amount_local_micro: '100' }, li('REACH'));
    expect(r.problems).toEqual([]);
    expect(r.warnings).toHaveLength(1);
    expect(checkAgainstLineItem({ bid_amount_local_micro: '100' }, li('ENGAGEMENTS', { bid_strategy: 'MAX' })).warnings).toEqual([]);
  });

  it('PUBLISHER_NETWORK needs advertiser_domain and categories, given or already set', () => {
    const pn = li('ENGAGEMENTS', { placements: ['ALL_ON_SERVICE', 'PUBLISHER_NETWORK'] });
    expect(fields(checkAgainstLineItem({ name: 'x' }, pn))).toEqual(['advertiser_domain', 'categories']);
    expect(fields(checkAgainstLineItem({ advertiser_domain: 'example.com' }, pn))).toEqual(['categories']);
    expect(checkAgainstLineItem({ advertiser_domain: 'example.com', categories: 'IAB1' }, pn).problems).toEqual([]);
    expect(checkAgainstLineItem({ name: 'x' }, { ...pn, advertiser_domain: 'example.com', categories: ['IAB1'] }).problems).toEqual([]);
  });

  it('app objectives need an app store identifier; PREROLL_VIEWS needs categories; advertiser_user_id only for PREROLL_VIEWS', () => {
    expect(fields(checkAgainstLineItem({ name: 'x' }, li('APP_INSTALLS')))).toEqual(['android_app_store_identifier']);
    expect(checkAgainstLineItem({ android_app_store_identifier: 'com.a.b' }, li('APP_ENGAGEMENTS')).problems).toEqual([]);
    expect(fields(checkAgainstLineItem({ name: 'x' }, li('PREROLL_VIEWS')))).toEqual(['categories']);
    expect(fields(checkAgainstLineItem({ advertiser_user_id: '1' }, li('REACH')))).toEqual(['advertiser_user_id']);
  });

  it("one side of a budget or time pair is compared with the line item's other side", () => {
    const cur = li('REACH', {
      total_budget_amount_local_micro: 50_000_000,
      daily_budget_amount_local_micro: 10_000_000,
      start_time: '2026-02-01T00:00:00Z',
      end_time: '2026-03-01T00:00:00Z',
    });
    expect(fields(checkAgainstLineItem({ daily_budget_amount_local_micro: '60000000' }, cur))).toEqual(['daily_budget_amount_local_micro']);
    expect(fields(checkAgainstLineItem({ total_budget_amount_local_micro: '5000000' }, cur))).toEqual(['total_budget_amount_local_micro']);
    expect(fields(checkAgainstLineItem({ end_time: '2026-01-15T00:00:00Z' }, cur))).toEqual(['end_time']);
    expect(fields(checkAgainstLineItem({ start_time: '2026-03-05T00:00:00Z' }, cur))).toEqual(['start_time']);
    expect(checkAgainstLineItem({ end_time: '2026-04-01T00:00:00Z' }, cur).problems).toEqual([]);
  });
});

describe('bareDomain', () => {
  it.each(['example.com', 'shop.example.co.uk', 'xn--bcher-kva.example'])('%s is fine', (d) => expect(bareDomain(d)).toBeUndefined());
  it.each(['http://example.com', 'example.com:443', 'example', '-bad.com', 'a b.com', ''])('%j is not', (d) =>
    expect(bareDomain(d)).toBeTypeOf('string'),
  );
});
