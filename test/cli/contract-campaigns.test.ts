// Contract of the campaign management verbs: every request they send (official
// names) is checked against the committed extract of the ads reference pages
// (test/fixtures/contract/ads-reference.json) — method and path template exist,
// every query parameter is listed for that endpoint; JSON bodies: the batch
// endpoints' items carry operation_type and params whose keys are the single
// create's parameters, the audience estimate's keys are the body fields listed.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LINE_ITEM_IDS as LI } from '../../src/emulator/routes/ads-core.js';
import { CAMPAIGN_IDS, FUNDING_IDS } from '../../src/emulator/routes/ads-campaigns.js';
import type { LogEntry } from '../../src/emulator/state.js';
import { type AdsOp, adsQueryProblems, opKey, operations } from '../helpers/contract.js';
import { fileEmulator } from '../helpers/emulator.js';

const ADS = operations<AdsOp>('ads-reference.json');
/** The single endpoint whose parameters a batch item carries. */
const SINGLE: Record<string, string> = {
  'POST /12/batch/accounts/:account_id/campaigns': 'POST /12/accounts/:account_id/campaigns',
  'POST /12/batch/accounts/:account_id/line_items': 'POST /12/accounts/:account_id/line_items',
  'POST /12/batch/accounts/:account_id/targeting_criteria': 'POST /12/accounts/:account_id/targeting_criteria',
};

/** The reference entry of a request: a literal segment beats a :param (targeting_criteria/locations vs targeting_criteria/:id). */
const keyOf = (e: Pick<LogEntry, 'method' | 'path'>) => opKey(ADS, e);

/** What is wrong with one request against the reference extract. */
function problems(e: Pick<LogEntry, 'method' | 'path' | 'query' | 'body'>): string[] {
  const key = keyOf(e);
  if (!key) return [`${e.method} ${e.path}: not in the ads reference`];
  const op = ADS[key]!;
  const out = adsQueryProblems(key, op, e.query);
  if (!e.body) return out;
  const body = JSON.parse(e.body) as unknown;
  const single = SINGLE[key];
  if (single) {
    for (const [i, item] of (body as Array<Record<string, unknown>>).entries()) {
      for (const k of Object.keys(item)) if (![...op.query, ...op.body].includes(k)) out.push(`${key}: item ${i} key ${k} is not listed`);
      for (const k of Object.keys(item.params as object))
        if (!ADS[single]!.query.includes(k)) out.push(`${key}: item ${i} params.${k} is not a parameter of ${single}`);
    }
  } else for (const k of Object.keys(body as object)) if (!op.body.includes(k)) out.push(`${key}: body key ${k} is not listed`);
  return out;
}

const emu = fileEmulator({ names: 'official' });

describe('campaign management requests in official names match the ads reference pages', () => {
  let sent: LogEntry[] = [];
  const exits: Array<[string, number | null, string]> = [];
  beforeAll(async () => {
    const dir = emu.configDir;
    const file = (name: string, lines: object[]) => {
      writeFileSync(join(dir, name), lines.map((l) => JSON.stringify(l)).join('\n'));
      return join(dir, name);
    };
    const campaigns = file('c.jsonl', [
      {
        funding_instrument_id: FUNDING_IDS.CARD,
        name: 'contract',
        daily_budget: 5,
        total_budget: 10,
        budget_optimization: 'LINE_ITEM',
        entity_status: 'PAUSED',
        purchase_order_number: 'PO-1',
      },
    ]);
    const lineItem = {
      campaign_id: CAMPAIGN_IDS.SEEDED,
      objective: 'ENGAGEMENTS',
      product_type: 'PROMOTED_TWEETS',
      placements: 'ALL_ON_TWITTER',
      start_time: '2027-03-01T00:00:00Z',
      end_time: '2027-04-01T00:00:00Z',
    };
    const lineItems = file('l.jsonl', [
      {
        ...lineItem,
        name: 'contract',
        bid_strategy: 'MAX',
        bid: '1.5',
        total_budget: 100,
        daily_budget: 10,
        frequency_cap: 2,
        duration_in_days: 7,
        audience_expansion: 'BROAD',
        standard_delivery: true,
        goal: 'ENGAGEMENT',
      },
    ]);
    const criteria = file('t.jsonl', [
      { line_item_id: LI.REACH, targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1', operator_type: 'EQ' },
    ]);
    const estimate = join(dir, 'estimate.json');
    writeFileSync(estimate, JSON.stringify([{ targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1', operator_type: 'EQ' }]));
    const li = [
      ...Object.entries(lineItem).flatMap(([k, v]) => (k === 'campaign_id' ? ['--campaign', v] : [`--${k.replace(/_/g, '-')}`, v])),
    ];
    const runs: string[][] = [
      [
        'ads',
        'funding-instruments',
        'list',
        '--funding-instrument-ids',
        FUNDING_IDS.CARD,
        '--count',
        '5',
        '--sort-by',
        'created_at-asc',
        '--with-deleted',
        '--with-total-count',
      ],
      ['ads', 'funding-instruments', 'get', FUNDING_IDS.CARD, '--with-deleted'],
      [
        'ads',
        'campaigns',
        'list',
        '--campaign-ids',
        CAMPAIGN_IDS.SEEDED,
        '--funding-instrument-ids',
        FUNDING_IDS.CARD,
        '--q',
        'a',
        '--with-draft',
        '--count',
        '5',
        '--with-deleted',
        '--sort-by',
        'name-asc',
        '--with-total-count',
      ],
      ['ads', 'campaigns', 'get', CAMPAIGN_IDS.SEEDED, '--with-deleted'],
      [
        'ads',
        'campaigns',
        'create',
        '--funding-instrument-id',
        FUNDING_IDS.CARD,
        '--name',
        'c',
        '--daily-budget',
        '5',
        '--total-budget',
        '10',
        '--budget-optimization',
        'LINE_ITEM',
        '--entity-status',
        'PAUSED',
        '--purchase-order-number',
        'PO-2',
      ],
      ['ads', 'campaigns', 'create', '--file', campaigns],
      [
        'ads',
        'campaigns',
        'update',
        CAMPAIGN_IDS.SPRING,
        '--name',
        'n',
        '--daily-budget',
        '1',
        '--total-budget',
        '20',
        '--entity-status',
        'ACTIVE',
        '--purchase-order-number',
        'PO-3',
        '--budget-optimization',
        'LINE_ITEM',
      ],
      [
        'ads',
        'line-items',
        'create',
        ...li,
        '--name',
        'x',
        '--bid-strategy',
        'AUTO',
        '--daily-budget',
        '1',
        '--total-budget',
        '9',
        '--entity-status',
        'DRAFT',
        '--standard-delivery',
        'false',
        '--goal',
        'ENGAGEMENT',
        '--frequency-cap',
        '3',
        '--duration-in-days',
        '7',
        '--audience-expansion',
        'EXPANDED',
      ],
      ['ads', 'line-items', 'create', '--file', lineItems],
      ['ads', 'targeting', 'search', 'locations', 'new', '--location-type', 'CITIES', '--country-code', 'US', '--count', '3'],
      ['ads', 'targeting', 'search', 'interests', 'books', '--count', '3'],
      ['ads', 'targeting', 'search', 'languages', 'en', '--count', '3'],
      ['ads', 'targeting', 'search', 'platforms', 'ios', '--count', '3'],
      ['ads', 'targeting', 'search', 'platform-versions', 'jelly'],
      ['ads', 'targeting', 'search', 'devices', 'iphone', '--count', '3'],
      ['ads', 'targeting', 'search', 'network-operators', 'a', '--country-code', 'US', '--count', '3'],
      ['ads', 'targeting', 'search', 'conversations', '--conversation-type', 'SPORTS_LEAGUES', '--count', '3'],
      ['ads', 'targeting', 'search', 'events', '--event-types', 'SPORTS', '--country-code', 'US', '--count', '3'],
      ['ads', 'targeting', 'search', 'tv-markets'],
      ['ads', 'targeting', 'search', 'tv-shows', 'news', '--locale', 'en-US', '--count', '3'],
      ['ads', 'targeting', 'search', 'app-store-categories', 'music', '--os-type', 'IOS'],
      ['ads', 'targeting', 'suggestions', '--type', 'KEYWORD', '--values', 'coffee', '--count', '5'],
      ['ads', 'targeting', 'add', '--line-item', LI.ENGAGEMENTS, '--type', 'BROAD_KEYWORD', '--value', 'tea', '--operator', 'NE'],
      ['ads', 'targeting', 'add', '--file', criteria],
      [
        'ads',
        'targeting',
        'list',
        '--line-item',
        LI.ENGAGEMENTS,
        '--lang',
        'en',
        '--count',
        '5',
        '--with-deleted',
        '--sort-by',
        'created_at-asc',
      ],
      ['ads', 'audience-estimate', '--input', estimate],
      ['ads', 'audience-estimate', '--line-item', LI.ENGAGEMENTS],
      ['ads', 'promoted-posts', 'create', '--line-item', LI.ENGAGEMENTS, '1460323737035677698', '1460323737035677699'],
      [
        'ads',
        'promoted-posts',
        'list',
        '--line-item-ids',
        LI.ENGAGEMENTS,
        '--promoted-post-ids',
        'p00001',
        '--count',
        '5',
        '--with-deleted',
      ],
      ['ads', 'promoted-posts', 'get', 'p00001', '--with-deleted'],
      ['ads', 'promoted-posts', 'list', '--line-item', LI.ENGAGEMENTS],
      ['ads', 'promoted-posts', 'delete', 'p00001', '--yes'],
      ['ads', 'promotable-users', 'list', '--promotable-user-ids', 'l310s', '--count', '5'],
      ['ads', 'promotable-users', 'get', 'l310s', '--with-deleted'],
      ['ads', 'targeting', 'get', 't00001', '--lang', 'en', '--with-deleted'],
      ['ads', 'campaigns', 'pause', CAMPAIGN_IDS.SPRING, '--cascade', '--yes'],
      ['ads', 'campaigns', 'resume', CAMPAIGN_IDS.SPRING, '--yes'],
      ['ads', 'line-items', 'pause', LI.ENGAGEMENTS, '--yes'],
      ['ads', 'line-items', 'resume', LI.ENGAGEMENTS, '--yes'],
      ['ads', 'line-items', 'list', '--campaign', CAMPAIGN_IDS.SEEDED, '--funding-instrument', FUNDING_IDS.CARD, '--line-item', LI.REACH],
      ['ads', 'campaigns', 'list', '--funding-instrument', FUNDING_IDS.CARD, '--campaign', CAMPAIGN_IDS.SEEDED],
      ['audiences', 'create', '--name', 'Contract audience', '--description', 'd'],
      ['audiences', 'get', 'a0001', '--with-deleted'],
      ['audiences', 'update', 'a0001', '--name', 'Contract audience 2', '--description', 'e'],
      ['audiences', 'delete', 'a0001', '--yes'],
      ['audiences', 'do-not-reach', 'list', '--with-deleted'],
      ['audiences', 'do-not-reach', 'delete', '3dnr8', '--yes'],
      ['audiences', 'do-not-reach', 'create', '--description', 'opted out'],
    ];
    const before = emu.state.log.length;
    for (const args of runs) {
      const r = await emu.run(args);
      exits.push([args.slice(0, 4).join(' '), r.code, r.stderr]);
    }
    const targetingDelete = (await emu.run(['ads', 'targeting', 'list', '--line-item', LI.ENGAGEMENTS, '-o', 'json'])).json().data[0]
      .id as string;
    exits.push(['targeting delete', (await emu.run(['ads', 'targeting', 'delete', targetingDelete, '--yes'])).code, '']);
    exits.push(['campaigns delete', (await emu.run(['ads', 'campaigns', 'delete', CAMPAIGN_IDS.SPRING, '--yes'])).code, '']);
    sent = emu.state.log.slice(before).filter((e) => e.api === 'ads' || e.api === 'sandbox');
  }, 180_000);

  it('every verb ran and succeeded', () => {
    expect(exits.filter(([, code]) => code !== 0)).toEqual([]);
  });

  it('every endpoint the new verbs use was reached', () => {
    const reached = new Set(sent.map((e) => keyOf(e)));
    const acct = '/12/accounts/:account_id';
    const expected = [
      `GET ${acct}/funding_instruments`,
      `GET ${acct}/funding_instruments/:id`,
      `GET ${acct}/campaigns`,
      `GET ${acct}/campaigns/:campaign_id`,
      `POST ${acct}/campaigns`,
      'POST /12/batch/accounts/:account_id/campaigns',
      `PUT ${acct}/campaigns/:campaign_id`,
      `DELETE ${acct}/campaigns/:campaign_id`,
      `POST ${acct}/line_items`,
      'POST /12/batch/accounts/:account_id/line_items',
      `GET ${acct}/targeting_criteria`,
      `POST ${acct}/targeting_criteria`,
      'POST /12/batch/accounts/:account_id/targeting_criteria',
      `DELETE ${acct}/targeting_criteria/:targeting_criterion_id`,
      ...[
        'app_store_categories',
        'conversations',
        'devices',
        'events',
        'interests',
        'languages',
        'locations',
        'network_operators',
        'platform_versions',
        'platforms',
        'tv_markets',
        'tv_shows',
      ].map((k) => `GET /12/targeting_criteria/${k}`),
      `GET ${acct}/targeting_suggestions`,
      `POST ${acct}/audience_estimate`,
      `GET ${acct}/promoted_tweets`,
      `POST ${acct}/promoted_tweets`,
      `DELETE ${acct}/promoted_tweets/:promoted_tweet_id`,
      `GET ${acct}/promoted_tweets/:promoted_tweet_id`,
      `GET ${acct}/promotable_users`,
      `GET ${acct}/promotable_users/:promotable_user_id`,
      `GET ${acct}/targeting_criteria/:targeting_criterion_id`,
      `GET ${acct}/line_items`,
      `PUT ${acct}/line_items/:line_item_id`,
      `POST ${acct}/custom_audiences`,
      `GET ${acct}/custom_audiences/:custom_audience_id`,
      `PUT ${acct}/custom_audiences/:custom_audience_id`,
      `DELETE ${acct}/custom_audiences/:custom_audience_id`,
      `GET ${acct}/do_not_reach_lists`,
      `POST ${acct}/do_not_reach_lists`,
    ];
    for (const k of expected) expect(ADS[k], k).toBeDefined();
    expect(expected.filter((k) => !reached.has(k))).toEqual([]);
  });

  it('each request: method and path in the reference, every parameter listed there (batch items: the single create’s parameters)', () => {
    expect(sent.length).toBeGreaterThanOrEqual(38);
    expect(sent.flatMap((e) => problems(e))).toEqual([]);
  });

  it('the checker catches an unknown parameter, a wrong batch item key and a wrong body key', () => {
    const base = { method: 'POST', query: [] as Array<[string, string]>, body: '' };
    expect(problems({ ...base, path: '/12/accounts/a/campaigns', query: [['start_time', 'x']] })).toHaveLength(1);
    expect(
      problems({
        ...base,
        path: '/12/batch/accounts/a/campaigns',
        body: JSON.stringify([{ operation_type: 'Create', params: { colour: 1 } }]),
      }),
    ).toHaveLength(1);
    expect(problems({ ...base, path: '/12/accounts/a/audience_estimate', body: JSON.stringify([{}]) })).toHaveLength(1);
    expect(problems({ ...base, path: '/12/accounts/a/promoted_posts' })).toHaveLength(1);
  });
});
