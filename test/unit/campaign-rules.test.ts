// The campaign, line item create and targeting rules as pure functions, with
// the reference's own figures ($5.50 is 5500000, $37.50 is 37500000 micros:
// https://docs.x.com/x-ads-api/campaign-management/reference) and the
// placements table (https://developer.x.com/en/docs/x-ads-api/campaign-management/overview/placements).
import { describe, expect, it } from 'vitest';
import { checkAgainstCampaign, checkCampaign, CAMPAIGN_CREATE_PARAMS } from '../../src/validate/campaign.js';
import { paramsFromFlags } from '../../src/validate/wire-flags.js';
import { CAMPAIGN_FLAGS } from '../../src/commands/ads/campaigns/_flags.js';
import { checkLineItemCreate } from '../../src/validate/line-item-create.js';
import { checkAgeOnce, checkCriterion, checkSuggestions, estimateCriteria } from '../../src/validate/targeting.js';

const fields = (ps: Array<{ field?: string }>) => ps.map((p) => p.field);

describe('campaign parameters', () => {
  it('money flags become exact micros (the reference: 5.50 → 5500000, 37.50 → 37500000)', () => {
    const { params, typed, problems } = paramsFromFlags(
      CAMPAIGN_FLAGS,
      { dailyBudget: '5.50', totalBudget: '37.50', name: 'x' },
      CAMPAIGN_CREATE_PARAMS,
    );
    expect(problems).toEqual([]);
    expect(params).toEqual({ name: 'x', daily_budget_amount_local_micro: '5500000', total_budget_amount_local_micro: '37500000' });
    expect(typed).toEqual({ daily_budget_amount_local_micro: '--daily-budget', total_budget_amount_local_micro: '--total-budget' });
  });

  it('create needs funding_instrument_id and name; daily at most total; enums and lengths', () => {
    expect(fields(checkCampaign({}, {}, 'create'))).toEqual(['funding_instrument_id', 'name']);
    const bad = checkCampaign(
      {
        funding_instrument_id: 'LYGYI',
        name: 'n'.repeat(256),
        budget_optimization: 'CAMPAIGN',
        entity_status: 'DELETED',
        purchase_order_number: 'p'.repeat(51),
        daily_budget_amount_local_micro: '2',
        total_budget_amount_local_micro: '1',
      },
      {},
      'create',
      12,
    );
    expect(fields(bad)).toEqual([
      'funding_instrument_id',
      'name',
      'budget_optimization',
      'entity_status',
      'purchase_order_number',
      'daily_budget_amount_local_micro',
    ]);
    expect(bad.every((p) => p.line === 12)).toBe(true);
    expect(fields(checkCampaign({ entity_status: 'DRAFT' }, {}, 'update'))).toEqual(['entity_status']);
    expect(checkCampaign({ name: 'n'.repeat(255), funding_instrument_id: 'lygyi' }, {}, 'create')).toEqual([]);
  });

  it('one side of the budget pair is compared with the fetched campaign', () => {
    expect(fields(checkAgainstCampaign({ total_budget_amount_local_micro: '5' }, { daily_budget_amount_local_micro: 10 }, {}))).toEqual([
      'total_budget_amount_local_micro',
    ]);
    expect(checkAgainstCampaign({ total_budget_amount_local_micro: '50' }, { daily_budget_amount_local_micro: 10 }, {})).toEqual([]);
    expect(checkAgainstCampaign({ daily_budget_amount_local_micro: '50', total_budget_amount_local_micro: '40' }, {}, {})).toEqual([]);
  });
});

describe('line item create', () => {
  const base = {
    campaign_id: 'f2qcm',
    product_type: 'PROMOTED_TWEETS',
    start_time: '2027-03-01T00:00:00Z',
    end_time: '2027-04-01T00:00:00Z',
  };
  const problems = (p: Record<string, string>) => fields(checkLineItemCreate({ ...base, ...p }, {}).problems);

  it('the required parameters', () => {
    expect(fields(checkLineItemCreate({}, {}).problems)).toEqual([
      'campaign_id',
      'objective',
      'product_type',
      'placements',
      'start_time',
      'end_time',
    ]);
  });

  it.each([
    ['FOLLOWERS', 'PUBLISHER_NETWORK', ['placements', 'advertiser_domain', 'categories']],
    ['ENGAGEMENTS', 'TAP_BANNER', ['placements']],
    ['WEBSITE_CLICKS', 'ALL_ON_TWITTER,PUBLISHER_NETWORK', ['advertiser_domain', 'categories']],
    ['REACH', 'TWITTER_SEARCH', ['placements']],
    ['REACH', 'TWITTER_TIMELINE,TWITTER_SEARCH', []],
    ['ENGAGEMENTS', 'TWITTER_PROFILE', ['placements']],
    ['ENGAGEMENTS', 'TWITTER_PROFILE,TWITTER_TIMELINE', []],
    ['ENGAGEMENTS', 'ALL_ON_SERVICE', []],
    ['ENGAGEMENTS', 'EVERYWHERE', ['placements']],
  ])('%s on %s', (objective, placements, expected) => {
    expect(problems({ objective, placements })).toEqual(expected);
  });

  it('the update rules apply to the new line item itself', () => {
    expect(problems({ objective: 'REACH', placements: 'ALL_ON_TWITTER', bid_strategy: 'MAX', bid_amount_local_micro: '1' })).toEqual([
      'bid_strategy',
    ]);
    expect(problems({ objective: 'APP_INSTALLS', placements: 'ALL_ON_TWITTER' })).toEqual(['android_app_store_identifier']);
    expect(problems({ objective: 'ENGAGEMENTS', placements: 'ALL_ON_TWITTER', pay_by: 'APP_CLICK' })).toEqual(['pay_by']);
    expect(problems({ objective: 'ENGAGEMENTS', placements: 'ALL_ON_TWITTER', goal: 'WEBSITE_CONVERSIONS' })).toEqual([
      'primary_web_event_tag',
    ]);
    expect(problems({ objective: 'PROMOTED', placements: 'ALL_ON_TWITTER' })).toEqual(['objective']);
    expect(
      fields(
        checkLineItemCreate({ ...base, objective: 'ENGAGEMENTS', placements: 'ALL_ON_TWITTER', product_type: 'PROMOTED_ACCOUNT' }, {})
          .problems,
      ),
    ).toEqual([]);
    expect(problems({ objective: 'FOLLOWERS', placements: 'TWITTER_SEARCH', product_type: 'PROMOTED_ACCOUNT' })).toEqual(['placements']);
  });
});

describe('targeting criteria', () => {
  it('the reference example values pass; formats it fixes are enforced', () => {
    expect(checkCriterion({ line_item_id: '619jl', targeting_type: 'BROAD_KEYWORD', targeting_value: 'technology' })).toEqual([]);
    expect(checkCriterion({ line_item_id: '6f9an', targeting_type: 'LOCATION', targeting_value: '5122804691e5fecc' })).toEqual([]);
    expect(checkCriterion({ line_item_id: '8u94t', targeting_type: 'CUSTOM_AUDIENCE', targeting_value: '249yj' })).toEqual([]);
    expect(fields(checkCriterion({ line_item_id: '8u94t', targeting_type: 'LOCATION', targeting_value: 'Paris' }))).toEqual([
      'targeting_value',
    ]);
    expect(fields(checkCriterion({ line_item_id: '8u94t', targeting_type: 'LANGUAGE', targeting_value: 'eng' }))).toEqual([
      'targeting_value',
    ]);
    expect(fields(checkCriterion({ targeting_type: 'GEO', targeting_value: 'x', operator_type: 'GT' }))).toEqual([
      'line_item_id',
      'targeting_type',
      'operator_type',
    ]);
    expect(fields(checkCriterion({ line_item_id: 'a', targeting_type: 'APP_LIST', targeting_value: 'x' }))).toEqual(['operator_type']);
    expect(
      checkCriterion({ line_item_id: 'a', targeting_type: 'NETWORK_ACTIVATION_DURATION', targeting_value: '6', operator_type: 'LT' }),
    ).toEqual([]);
  });

  it('one AGE bucket per line item across a file', () => {
    const age = (line: number, li: string, op = 'EQ') => ({
      line,
      c: { line_item_id: li, targeting_type: 'AGE', targeting_value: 'AGE_18_TO_24', operator_type: op },
    });
    expect(checkAgeOnce([age(1, 'a'), age(2, 'b'), age(3, 'a')]).map((p) => p.line)).toEqual([3]);
    expect(checkAgeOnce([age(1, 'a'), age(2, 'a', 'NE')])).toEqual([]);
  });

  it('suggestions and the estimate body', () => {
    expect(checkSuggestions('KEYWORD', 'developers', '2')).toEqual([]);
    expect(fields(checkSuggestions('TOPIC', '', '51'))).toEqual(['suggestion_type', 'targeting_values', 'count']);
    const loc = { targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1', operator_type: 'EQ' };
    expect(estimateCriteria({ targeting_criteria: [loc] }).criteria).toEqual([loc]);
  });
});
