// `postctl ads funding-instruments|campaigns …` and `ads line-items create`
// through the built CLI against the emulator: requests carry exactly the flags
// (exact micros), every rule is refused before sending (exit 6, nothing sent),
// and bulk creation from JSON Lines goes through the batch endpoint 40 at a
// time, in order, with a failed batch reported per line (exit 8).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { campaignStore, CAMPAIGN_IDS, FUNDING_IDS } from '../../src/emulator/routes/ads-campaigns.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { freshEmulator } from '../helpers/emulator.js';
import { futureYear } from '../helpers/clock.js';

const emu = freshEmulator();
const Y = futureYear();

async function run(args: string[], input?: string) {
  const before = emu.state.log.length;
  const r = await emu.run([...args, '-o', 'json'], input !== undefined ? { input } : {});
  return Object.assign(r, { sent: emu.state.log.slice(before) });
}
const query = (e: { query: Array<[string, string]> }) => Object.fromEntries(e.query);
const fields = (r: { errorJson(): { error: { problems: Array<{ field: string; line?: number }> } } }) =>
  r.errorJson().error.problems.map((p) => p.field);

describe('funding instruments', () => {
  it('list shows type, currency and amounts; get shows one with micros', async () => {
    const r = await run(['ads', 'funding-instruments', 'list']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data.map((f: { id: string }) => f.id)).toEqual([FUNDING_IDS.CARD, FUNDING_IDS.INSERTION_ORDER, FUNDING_IDS.ENDED]);
    const g = await run(['ads', 'funding-instruments', 'get', FUNDING_IDS.CARD]);
    expect(g.json().data).toMatchObject({ type: 'CREDIT_CARD', currency: 'USD', credit_limit_local_micro: 200000000 });
    const table = await emu.run(['ads', 'funding-instruments', 'get', FUNDING_IDS.CARD, '-o', 'table']);
    expect(table.stdout).toMatch(/credit_limit \(decimal\)\s+200\b/);
  });
});

describe('a new sandbox account', () => {
  it('has a funding instrument, and campaigns can be created under it at the sandbox address', async () => {
    const acct = await run(['ads', 'accounts', 'create', '--sandbox']);
    expect(acct.code, acct.stderr).toBe(0);
    const id = acct.json().data.id as string;
    const fi = await run(['ads', 'funding-instruments', 'list', '--sandbox', '--account', id]);
    expect(fi.sent.map((e) => [e.api, e.path])).toEqual([['sandbox', `/12/accounts/${id}/funding_instruments`]]);
    const card = fi.json().data[0] as { id: string; type: string };
    expect(card.type).toBe('CREDIT_CARD');
    const c = await run([
      'ads',
      'campaigns',
      'create',
      '--sandbox',
      '--account',
      id,
      '--funding-instrument-id',
      card.id,
      '--name',
      'First',
      '--daily-budget',
      '1',
    ]);
    expect(c.code, c.stderr).toBe(0);
    expect(
      (await run(['ads', 'campaigns', 'list', '--sandbox', '--account', id])).json().data.map((x: { name: string }) => x.name),
    ).toEqual(['First']);
  });
});

describe('campaigns create / get / update / delete', () => {
  it('create sends exactly the flags, money as exact micros; get shows what was set', async () => {
    const r = await run([
      'ads',
      'campaigns',
      'create',
      '--funding-instrument-id',
      FUNDING_IDS.CARD,
      '--name',
      'Spring sale',
      '--daily-budget',
      '50',
      '--total-budget',
      '150',
      '--entity-status',
      'PAUSED',
    ]);
    expect(r.code, r.stderr).toBe(0);
    // The money guard reads the funding instrument (its credit limit is 200) before the create.
    expect(r.sent.map((e) => [e.method, e.path])).toEqual([
      ['GET', `/12/accounts/${EMU_ACCOUNT}/funding_instruments/${FUNDING_IDS.CARD}`],
      ['POST', `/12/accounts/${EMU_ACCOUNT}/campaigns`],
    ]);
    expect(query(r.sent[1]!)).toEqual({
      funding_instrument_id: FUNDING_IDS.CARD,
      name: 'Spring sale',
      daily_budget_amount_local_micro: '50000000',
      total_budget_amount_local_micro: '150000000',
      entity_status: 'PAUSED',
    });
    expect(r.stderr).not.toContain('resume');
    const id = r.json().data.id as string;
    const g = await run(['ads', 'campaigns', 'get', id]);
    expect(g.json().data).toMatchObject({
      name: 'Spring sale',
      daily_budget_amount_local_micro: 50000000,
      total_budget_amount_local_micro: 150000000,
      entity_status: 'PAUSED',
      currency: 'USD',
    });
  });

  it('update sends only the flags given, checked against the fetched campaign; --dry-run changes nothing', async () => {
    const dry = await run(['ads', 'campaigns', 'update', CAMPAIGN_IDS.SPRING, '--daily-budget', '12.5', '--dry-run']);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.json()).toMatchObject({
      dry_run: true,
      method: 'PUT',
      params: { daily_budget_amount_local_micro: '12500000' },
      current: { daily_budget_amount_local_micro: 10000000 },
    });
    // The campaign, then its funding instrument for the money guard.
    expect(dry.sent.map((e) => e.method)).toEqual(['GET', 'GET']);
    const u = await run(['ads', 'campaigns', 'update', CAMPAIGN_IDS.SPRING, '--total-budget', '100', '--entity-status', 'PAUSED']);
    expect(u.code, u.stderr).toBe(0);
    expect(query(u.sent.find((e) => e.method === 'PUT')!)).toEqual({
      total_budget_amount_local_micro: '100000000',
      entity_status: 'PAUSED',
    });
    // The current daily budget is 10: a total of 5 would fall below it.
    const low = await run(['ads', 'campaigns', 'update', CAMPAIGN_IDS.SPRING, '--total-budget', '5']);
    expect(low.code).toBe(6);
    expect(low.stderr).toContain("the daily budget must be at most the total budget (the other one is the campaign's current value)");
    expect(low.sent.map((e) => e.method)).toEqual(['GET']);
  });

  it('create --dry-run prints the request and sends nothing', async () => {
    const r = await run([
      'ads',
      'campaigns',
      'create',
      '--funding-instrument-id',
      FUNDING_IDS.CARD,
      '--name',
      'Dry',
      '--total-budget',
      '0.5',
      '--dry-run',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({
      dry_run: true,
      method: 'POST',
      url: expect.stringMatching(new RegExp(`/12/accounts/${EMU_ACCOUNT}/campaigns$`)),
      params: { funding_instrument_id: FUNDING_IDS.CARD, name: 'Dry', total_budget_amount_local_micro: '500000', entity_status: 'PAUSED' },
    });
    // Only the money guard's read of the funding instrument.
    expect(r.sent.map((e) => e.method)).toEqual(['GET']);
  });

  it('delete is irreversible: a second delete is not found; list shows the rest', async () => {
    const d = await run(['ads', 'campaigns', 'delete', CAMPAIGN_IDS.SPRING, '--yes']);
    expect(d.code, d.stderr).toBe(0);
    expect(d.json().data.deleted).toBe(true);
    expect((await run(['ads', 'campaigns', 'delete', CAMPAIGN_IDS.SPRING, '--yes'])).code).toBe(4);
    const l = await run(['ads', 'campaigns', 'list']);
    expect(l.json().data.map((c: { id: string }) => c.id)).toEqual([CAMPAIGN_IDS.SEEDED]);
  });
});

describe('hierarchy kept consistent by the emulator', () => {
  it('no line item under a deleted campaign, no targeting or promoted post on a deleted line item', async () => {
    expect((await run(['ads', 'campaigns', 'delete', CAMPAIGN_IDS.SPRING, '--yes'])).code).toBe(0);
    const li = await run([
      'ads',
      'line-items',
      'create',
      '--campaign',
      CAMPAIGN_IDS.SPRING,
      '--objective',
      'ENGAGEMENTS',
      '--product-type',
      'PROMOTED_TWEETS',
      '--placements',
      'ALL_ON_TWITTER',
      '--start-time',
      `${Y}-03-01T00:00:00Z`,
      '--end-time',
      `${Y}-04-01T00:00:00Z`,
    ]);
    expect(li.code).toBe(4);
    expect(li.stderr).toContain(`Campaign ${CAMPAIGN_IDS.SPRING} not found`);
    expect((await run(['ads', 'line-items', 'delete', '8u951', '--yes'])).code).toBe(0);
    const t = await run(['ads', 'targeting', 'add', '--line-item', '8u951', '--type', 'BROAD_KEYWORD', '--value', 'tea']);
    expect(t.code).toBe(4);
    const p = await run(['ads', 'promoted-posts', 'create', '--line-item', '8u951', '1460323737035677698']);
    expect(p.code).toBe(4);
  });
});

describe('bad input: exit 6, nothing sent', () => {
  const FI = ['--funding-instrument-id', FUNDING_IDS.CARD, '--name', 'x'];
  const LI = [
    'ads',
    'line-items',
    'create',
    '--campaign',
    CAMPAIGN_IDS.SEEDED,
    '--product-type',
    'PROMOTED_TWEETS',
    '--start-time',
    `${Y}-03-01T00:00:00Z`,
    '--end-time',
    `${Y}-04-01T00:00:00Z`,
  ];
  it.each([
    [
      'daily budget above total',
      ['ads', 'campaigns', 'create', ...FI, '--daily-budget', '50', '--total-budget', '40'],
      'daily_budget_amount_local_micro',
    ],
    [
      'a campaign without funding instrument',
      ['ads', 'campaigns', 'create', '--name', 'x', '--daily-budget', '5'],
      'funding_instrument_id',
    ],
    ['a budget with 7 decimals', ['ads', 'campaigns', 'create', ...FI, '--daily-budget', '1.0000001'], 'daily_budget_amount_local_micro'],
    [
      'a purchase order number of 51 characters',
      ['ads', 'campaigns', 'create', ...FI, '--purchase-order-number', 'p'.repeat(51)],
      'purchase_order_number',
    ],
    ['an unknown budget optimization', ['ads', 'campaigns', 'create', ...FI, '--budget-optimization', 'CAMPAIGN'], 'budget_optimization'],
    [
      'an unknown targeting type',
      ['ads', 'targeting', 'add', '--line-item', '8u94t', '--type', 'HOROSCOPE', '--value', 'leo'],
      'targeting_type',
    ],
    [
      'a location key discovery never returns',
      ['ads', 'targeting', 'add', '--line-item', '8u94t', '--type', 'LOCATION', '--value', 'San Francisco'],
      'targeting_value',
    ],
    [
      'a promoted post id that is not 1-19 digits',
      ['ads', 'promoted-posts', 'create', '--line-item', '8u94t', '12345678901234567890'],
      'post_ids',
    ],
    ['a promoted post id with letters', ['ads', 'promoted-posts', 'create', '--line-item', '8u94t', '12a4'], 'post_ids'],
    [
      'an objective that does not allow its placements',
      [...LI, '--objective', 'FOLLOWERS', '--placements', 'PUBLISHER_NETWORK'],
      'placements',
    ],
    ['REACH without the timeline', [...LI, '--objective', 'REACH', '--placements', 'TWITTER_SEARCH'], 'placements'],
    [
      'MAX bid for REACH',
      [...LI, '--objective', 'REACH', '--placements', 'ALL_ON_TWITTER', '--bid-strategy', 'MAX', '--bid', '2'],
      'bid_strategy',
    ],
    [
      'a line item without end time',
      [
        'ads',
        'line-items',
        'create',
        '--campaign',
        CAMPAIGN_IDS.SEEDED,
        '--objective',
        'ENGAGEMENTS',
        '--product-type',
        'PROMOTED_TWEETS',
        '--placements',
        'ALL_ON_TWITTER',
        '--start-time',
        `${Y}-03-01T00:00:00Z`,
      ],
      'end_time',
    ],
  ])('%s', async (_what, args, field) => {
    const r = await run(args);
    expect(r.code, r.stderr).toBe(6);
    expect(fields(r)).toContain(field);
    expect(r.sent).toEqual([]);
  });
});

describe('line-items create', () => {
  it('sends the flags with official names, micros exact; the emulator keeps it under its campaign', async () => {
    const r = await run([
      'ads',
      'line-items',
      'create',
      '--campaign',
      CAMPAIGN_IDS.SEEDED,
      '--objective',
      'WEBSITE_CLICKS',
      '--product-type',
      'PROMOTED_POSTS',
      '--placements',
      'ALL_ON_SERVICE,PUBLISHER_NETWORK',
      '--advertiser-domain',
      'shop.example.com',
      '--categories',
      'IAB1',
      '--start-time',
      `${Y}-03-01T00:00:00Z`,
      '--end-time',
      `${Y}-04-01T00:00:00Z`,
      '--bid-strategy',
      'TARGET',
      '--bid',
      '2.50',
      '--daily-budget',
      '20',
      '--name',
      'web',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.sent.map((e) => e.method)).toEqual(['GET', 'GET', 'POST']);
    expect(query(r.sent[2]!)).toEqual({
      campaign_id: CAMPAIGN_IDS.SEEDED,
      objective: 'WEBSITE_CLICKS',
      product_type: 'PROMOTED_TWEETS',
      placements: 'ALL_ON_TWITTER,PUBLISHER_NETWORK',
      advertiser_domain: 'shop.example.com',
      categories: 'IAB1',
      start_time: `${Y}-03-01T00:00:00Z`,
      end_time: `${Y}-04-01T00:00:00Z`,
      bid_strategy: 'TARGET',
      bid_amount_local_micro: '2500000',
      daily_budget_amount_local_micro: '20000000',
      name: 'web',
      entity_status: 'PAUSED',
    });
    const li = await run(['ads', 'line-items', 'get', r.json().data.id]);
    expect(li.json().data).toMatchObject({
      campaign_id: CAMPAIGN_IDS.SEEDED,
      bid_amount_local_micro: 2500000,
      objective: 'WEBSITE_CLICKS',
    });
  });

  it('PUBLISHER_NETWORK without domain and categories is refused before sending', async () => {
    const r = await run([
      'ads',
      'line-items',
      'create',
      '--campaign',
      CAMPAIGN_IDS.SEEDED,
      '--objective',
      'APP_INSTALLS',
      '--product-type',
      'PROMOTED_TWEETS',
      '--placements',
      'PUBLISHER_NETWORK',
      '--start-time',
      `${Y}-03-01T00:00:00Z`,
      '--end-time',
      `${Y}-04-01T00:00:00Z`,
    ]);
    expect(r.code).toBe(6);
    expect(fields(r)).toEqual(['android_app_store_identifier', 'advertiser_domain', 'categories']);
    expect(r.sent).toEqual([]);
  });
});

/** n campaign lines; `bad` maps a 1-based line to its replacement. */
function campaignLines(n: number, bad: Record<number, string> = {}): string {
  return Array.from(
    { length: n },
    (_, i) =>
      bad[i + 1] ??
      JSON.stringify({
        funding_instrument_id: FUNDING_IDS.CARD,
        name: `bulk ${i + 1}`,
        daily_budget: '5',
        total_budget: 100,
        entity_status: 'PAUSED',
      }),
  ).join('\n');
}

describe('campaigns create --file (batch endpoint, 40 per request)', () => {
  it('3 invalid lines of 100: exit 6 naming the 3 lines, nothing sent', async () => {
    const file = join(emu.configDir, 'campaigns.jsonl');
    writeFileSync(
      file,
      campaignLines(100, {
        7: JSON.stringify({ name: 'no funding' }),
        42: JSON.stringify({ funding_instrument_id: FUNDING_IDS.CARD, name: 'x', daily_budget: '50', total_budget: '40' }),
        99: '{"funding_instrument_id": "lygyi", "name": ',
      }),
    );
    const r = await run(['ads', 'campaigns', 'create', '--file', file]);
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain('3 invalid lines (7, 42, 99); nothing was sent');
    expect(r.errorJson().error.problems.map((p: { line: number; field: string }) => [p.line, p.field])).toEqual([
      [7, 'funding_instrument_id'],
      [42, 'daily_budget_amount_local_micro'],
      [99, 'line'],
    ]);
    expect(r.sent).toEqual([]);
  });

  it('100 valid lines: 3 batch requests of 40+40+20, created in file order, exact micros', async () => {
    const file = join(emu.configDir, 'campaigns.jsonl');
    writeFileSync(file, `${campaignLines(100)}\n`);
    const r = await run(['ads', 'campaigns', 'create', '--file', file]);
    expect(r.code, r.stderr).toBe(0);
    const batches = r.sent.filter((e) => e.method === 'POST');
    expect(batches.map((e) => e.path)).toEqual(Array(3).fill(`/12/batch/accounts/${EMU_ACCOUNT}/campaigns`));
    const bodies = batches.map((e) => JSON.parse(e.body) as Array<{ operation_type: string; params: Record<string, unknown> }>);
    expect(bodies.map((b) => b.length)).toEqual([40, 40, 20]);
    expect(bodies.flat().map((o) => o.params.name)).toEqual(Array.from({ length: 100 }, (_, i) => `bulk ${i + 1}`));
    expect(bodies[0]![0]).toEqual({
      operation_type: 'Create',
      params: {
        funding_instrument_id: FUNDING_IDS.CARD,
        name: 'bulk 1',
        daily_budget_amount_local_micro: 5000000,
        total_budget_amount_local_micro: 100000000,
        entity_status: 'PAUSED',
      },
    });
    const report = r.json().data as Array<{ line: number; status: string; id: string }>;
    expect(report.map((x) => x.line)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(new Set(report.map((x) => x.status))).toEqual(new Set(['CREATED']));
    const made = (await run(['ads', 'campaigns', 'list', '--all'])).json().data;
    expect(
      made.filter((c: { name: string }) => c.name.startsWith('bulk ')).map((c: { name: string; id: string }) => [c.name, c.id]),
    ).toEqual(report.map((x) => [`bulk ${x.line}`, x.id]));
  });

  it('a batch the API fails: exit 8, its items named (guilty FAILED, the rest NOT_CREATED); a rerun of --failed creates exactly those', async () => {
    const file = join(emu.configDir, 'campaigns.jsonl');
    const failed = join(emu.configDir, 'retry.jsonl');
    writeFileSync(file, campaignLines(100));
    campaignStore(emu.state).rejectNames.add('bulk 50');
    const r = await run(['ads', 'campaigns', 'create', '--file', file, '--failed', failed]);
    expect(r.code, r.stderr).toBe(8);
    const report = r.json().data as Array<{ line: number; status: string; batch: number; error?: string }>;
    const byStatus = (s: string) => report.filter((x) => x.status === s).map((x) => x.line);
    expect(byStatus('FAILED')).toEqual([50]);
    expect(byStatus('NOT_CREATED')).toEqual(Array.from({ length: 40 }, (_, i) => i + 41).filter((l) => l !== 50));
    expect(report.find((x) => x.line === 41)!.error).toBe('not created: its batch failed because of line 50');
    expect(byStatus('CREATED')).toHaveLength(60);
    expect(r.stderr).toContain('60 of 100 created');
    const retry = readFileSync(failed, 'utf8').trim().split('\n');
    expect(retry.map((l) => JSON.parse(l).name)).toEqual(Array.from({ length: 40 }, (_, i) => `bulk ${i + 41}`));
    campaignStore(emu.state).rejectNames.clear();
    const again = await run(['ads', 'campaigns', 'create', '--file', failed]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.sent.filter((e) => e.method === 'POST')).toHaveLength(1);
    const names = (await run(['ads', 'campaigns', 'list', '--all']))
      .json()
      .data.map((c: { name: string }) => c.name)
      .filter((n: string) => n.startsWith('bulk '));
    expect(names.sort()).toEqual(Array.from({ length: 100 }, (_, i) => `bulk ${i + 1}`).sort());
  });

  it('--dry-run checks every line and prints the batches without sending', async () => {
    const file = join(emu.configDir, 'campaigns.jsonl');
    writeFileSync(file, campaignLines(41));
    const r = await run(['ads', 'campaigns', 'create', '--file', file, '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().batches.map((b: { lines: number[] }) => b.lines.length)).toEqual([40, 1]);
    // One read of the funding instrument for the money guard (cached for all 41 lines), nothing written.
    expect(r.sent.map((e) => e.method)).toEqual(['GET']);
  });
});
