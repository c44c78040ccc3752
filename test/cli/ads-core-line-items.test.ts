// `postctl ads line-items update|get|delete` through the built CLI against the
// emulator: every rule rejected before sending (exit 6, field named, nothing
// sent), valid updates sending exactly the given parameters, money flags,
// --dry-run, --no-fetch with the emulator's own checks, deletes.
// Every test gets a new emulator: none depends on what another one changed.
import { describe, expect, it } from 'vitest';
import { freshEmulator } from '../helpers/emulator.js';
import { LINE_ITEM_IDS as LI } from '../../src/emulator/routes/ads-core.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { FOREIGN_ACCOUNT } from '../../src/emulator/ads-support.js';

const emu = freshEmulator();

const liPath = (id: string) => `/12/accounts/${EMU_ACCOUNT}/line_items/${id}`;
const puts = (id: string) => emu.state.requests('PUT', liPath(id));

/** Runs a command and returns it with the request-log entries it caused. */
async function run(args: string[], env: Record<string, string | undefined> = {}) {
  const before = emu.state.log.length;
  const r = await emu.run([...args, '-o', 'json'], { env });
  return Object.assign(r, { sent: emu.state.log.slice(before) });
}

/** exit 6, the field named on stderr and in the JSON problems. */
function expectRejected(r: Awaited<ReturnType<typeof run>>, field: string): void {
  expect(r.code, r.stderr).toBe(6);
  expect(r.stderr).toContain(field);
  expect(r.errorJson().error.problems.map((p: { field: string }) => p.field)).toContain(field);
  expect(r.stdout).toBe('');
}

describe('line-items update: rules that need only the flags (nothing is sent)', () => {
  it.each([
    ['audience_expansion', ['--audience-expansion', 'NARROW']],
    ['bid_strategy', ['--bid-strategy', 'LOWEST_COST']],
    ['entity_status', ['--entity-status', 'sleeping']], // any case of a known value is accepted (issue 27): an unknown one is not
    ['goal', ['--goal', 'CLICKS']],
    ['pay_by', ['--pay-by', 'SITE_VISITS']],
    ['bid_amount_local_micro', ['--bid-amount-local-micro', '0']],
    ['bid_amount_local_micro', ['--bid-amount-local-micro', '-100']],
    ['bid_amount_local_micro', ['--bid-amount-local-micro', '2.5']],
    ['bid_amount_local_micro', ['--bid', '0']],
    ['bid_amount_local_micro', ['--bid', '1.0000001']],
    ['bid_amount_local_micro', ['--bid', '2,50']],
    ['bid_amount_local_micro', ['--bid-strategy', 'MAX']],
    ['bid_amount_local_micro', ['--bid-strategy', 'TARGET']],
    ['total_budget_amount_local_micro', ['--total-budget-amount-local-micro', '37.5']],
    ['total_budget_amount_local_micro', ['--total-budget', '37.1234567']],
    ['daily_budget_amount_local_micro', ['--daily-budget', '50', '--total-budget', '40']],
    ['daily_budget_amount_local_micro', ['--daily-budget-amount-local-micro', 'ten']],
    ['duration_in_days', ['--duration-in-days', '14']],
    ['frequency_cap', ['--frequency-cap', '0']],
    ['start_time', ['--start-time', 'next monday']],
    ['end_time', ['--end-time', '2026-02-30T00:00:00Z']],
    ['end_time', ['--start-time', '2026-04-01T00:00:00Z', '--end-time', '2026-03-01T00:00:00Z']],
    ['advertiser_domain', ['--advertiser-domain', 'https://shop.example.com']],
    ['advertiser_domain', ['--advertiser-domain', 'shop.example.com/spring']],
    ['categories', ['--categories', 'sports,news']],
    ['ios_app_store_identifier', ['--ios-app-store-identifier', 'id333903271']],
    ['android_app_store_identifier', ['--android-app-store-identifier', 'my app']],
    ['advertiser_user_id', ['--advertiser-user-id', '@someone']],
    ['name', ['--name', '']],
    ['pay_by', ['--pay-by', 'IMPRESSION', '--bid-strategy', 'TARGET', '--bid', '1']],
  ])('%s: %j', async (field, flags) => {
    const r = await run(['ads', 'line-items', 'update', LI.REACH, ...flags]);
    expectRejected(r, field);
    expect(r.sent).toEqual([]);
  });

  it('every problem is reported at once', async () => {
    const r = await run(['ads', 'line-items', 'update', LI.REACH, '--goal', 'X', '--pay-by', 'Y', '--duration-in-days', '2']);
    expect(r.code).toBe(6);
    expect(r.errorJson().error.problems.map((p: { field: string }) => p.field)).toEqual(['goal', 'pay_by', 'duration_in_days']);
    expect(r.sent).toEqual([]);
  });

  it.each([
    [['--bid', '1', '--bid-amount-local-micro', '1000000'], '--bid'],
    [['--daily-budget', '1', '--daily-budget-amount-local-micro', '1000000'], '--daily-budget'],
    [['--total-budget', '1', '--total-budget-amount-local-micro', '1000000'], '--total-budget'],
  ])('raw and friendly money flags for one field exit 2: %j', async (flags, flag) => {
    const r = await run(['ads', 'line-items', 'update', LI.ENGAGEMENTS, ...flags]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(flag);
    expect(r.sent).toEqual([]);
  });

  it('no parameter at all is a usage error', async () => {
    const r = await run(['ads', 'line-items', 'update', LI.REACH]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('nothing to update');
    expect(r.sent).toEqual([]);
  });
});

describe('line-items update: rules that need the line item (only the GET is sent)', () => {
  it.each([
    ['frequency_cap', LI.WEBSITE_CLICKS, ['--frequency-cap', '2']],
    ['bid_strategy', LI.REACH, ['--bid-strategy', 'MAX', '--bid', '1']],
    ['bid_strategy', LI.FOLLOWERS, ['--bid-strategy', 'MAX', '--bid', '1']],
    ['bid_strategy', LI.ENGAGEMENTS, ['--bid-strategy', 'TARGET', '--bid', '1']],
    ['pay_by', LI.WEBSITE_CLICKS, ['--pay-by', 'LINK_CLICK']],
    ['advertiser_user_id', LI.REACH, ['--advertiser-user-id', '756201191646691328']],
    ['advertiser_domain', LI.PUBLISHER_NETWORK, ['--name', 'spring']],
    ['categories', LI.PUBLISHER_NETWORK, ['--advertiser-domain', 'shop.example.com']],
    ['daily_budget_amount_local_micro', LI.VIDEO_VIEWS, ['--daily-budget', '200']],
    ['total_budget_amount_local_micro', LI.VIDEO_VIEWS, ['--total-budget', '5']],
    ['end_time', LI.VIDEO_VIEWS, ['--end-time', '2026-01-15T00:00:00Z']],
  ])('%s on line item %s: %j', async (field, id, flags) => {
    const r = await run(['ads', 'line-items', 'update', id, ...flags]);
    expectRejected(r, field);
    expect(r.sent.map((e) => `${e.method} ${e.path}`)).toEqual([`GET ${liPath(id)}`]);
  });

  it('--no-fetch skips those checks; the emulator then answers with an ads error naming the parameter', async () => {
    const r = await run(['ads', 'line-items', 'update', LI.REACH, '--bid-strategy', 'MAX', '--bid', '1', '--no-fetch']);
    expect(r.code).toBe(6);
    // The money guard reads the line item, its campaign and the funding instrument for the bid; no other write.
    expect(r.sent.filter((e) => e.method !== 'GET').map((e) => [e.method, e.status])).toEqual([['PUT', 400]]);
    expect(r.stderr).toContain('parameter: bid_strategy');
    expect(r.errorJson().error).toMatchObject({ status: 400, errors: [{ code: 'INVALID_PARAMETER', parameter: 'bid_strategy' }] });
    const after = await run(['ads', 'line-items', 'get', LI.REACH]);
    expect(after.json().data.bid_strategy).toBe('AUTO');
  });

  it("--no-fetch on a PUBLISHER_NETWORK line item without a domain gets the API's MISSING_PARAMETER", async () => {
    const r = await run(['ads', 'line-items', 'update', LI.PUBLISHER_NETWORK, '--name', 'x', '--no-fetch']);
    expect(r.code).toBe(6);
    expect(r.errorJson().error.errors[0]).toMatchObject({ code: 'MISSING_PARAMETER', parameter: 'advertiser_domain' });
  });
});

describe('line-items update: valid updates', () => {
  it('sends exactly the given parameters, money converted to micros, and prints the updated line item', async () => {
    const r = await run([
      'ads',
      'line-items',
      'update',
      LI.ENGAGEMENTS,
      '--entity-status',
      'PAUSED',
      '--bid',
      '0.1',
      '--daily-budget',
      '10',
      '--total-budget',
      '37.50',
      '--name',
      'Spring',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const put = r.sent.filter((e) => e.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0]!.query).toEqual([
      ['name', 'Spring'],
      ['entity_status', 'PAUSED'],
      ['bid_amount_local_micro', '100000'],
      ['total_budget_amount_local_micro', '37500000'],
      ['daily_budget_amount_local_micro', '10000000'],
    ]);
    expect(put[0]!.body).toBe('');
    // The line item; then, for the money guard, its campaign and the funding instrument.
    expect(r.sent.map((e) => e.method)).toEqual(['GET', 'GET', 'GET', 'PUT']);
    const out = r.json();
    expect(out.request.params).toMatchObject({ entity_status: 'PAUSED', bid_amount_local_micro: '100000' });
    expect(out.data).toMatchObject({
      id: LI.ENGAGEMENTS,
      name: 'Spring',
      entity_status: 'PAUSED',
      bid_amount_local_micro: 100000,
      daily_budget_amount_local_micro: 10000000,
      total_budget_amount_local_micro: 37500000,
    });
  });

  it('--bid 0.1 sends bid_amount_local_micro=100000; --bid 1.0000001 is rejected', async () => {
    const ok = await run(['ads', 'line-items', 'update', LI.APP_INSTALLS, '--bid', '0.1']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.sent.find((e) => e.method === 'PUT')!.query).toEqual([['bid_amount_local_micro', '100000']]);
    const bad = await run(['ads', 'line-items', 'update', LI.APP_INSTALLS, '--bid', '1.0000001']);
    expectRejected(bad, 'bid_amount_local_micro');
    expect(bad.stderr).toContain('--bid');
    expect(bad.sent).toEqual([]);
  });

  it('money flags convert exactly at the flag level: 123456789012.345678 → 123456789012345678 micros', async () => {
    // A float conversion (Math.round(Number(x) * 1e6)) gives …345680 here.
    const dry = await run([
      'ads',
      'line-items',
      'update',
      LI.ENGAGEMENTS,
      '--bid',
      '123456789012.345678',
      '--daily-budget',
      '98765432109.876543',
      '--total-budget',
      '987654321098.765432',
      '--dry-run',
      '--no-fetch',
      '--yes-budget',
    ]);
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.json().params).toEqual({
      bid_amount_local_micro: '123456789012345678',
      total_budget_amount_local_micro: '987654321098765432',
      daily_budget_amount_local_micro: '98765432109876543',
    });
    expect(dry.sent.map((e) => e.method)).toEqual(['GET', 'GET', 'GET']);
    const sent = await run(['ads', 'line-items', 'update', LI.ENGAGEMENTS, '--bid', '123456789012.345678', '--no-fetch', '--yes-budget']);
    expect(sent.sent.map((e) => e.method)).toEqual(['GET', 'GET', 'GET', 'PUT']);
    expect(sent.sent[3]!.query).toEqual([['bid_amount_local_micro', '123456789012345678']]);
  });

  it('the table shows only the changed fields, before → after', async () => {
    const before = emu.state.log.length;
    const r = await emu.run([
      'ads',
      'line-items',
      'update',
      LI.WEBSITE_CLICKS,
      '--bid',
      '2.75',
      '--entity-status',
      'ACTIVE',
      '-o',
      'table',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => l.trim().split(/\s{2,}/));
    expect(lines[0]).toEqual(['field', 'before', 'after']);
    // entity_status was already ACTIVE: not a change.
    expect(lines.slice(1)).toEqual([['bid_amount_local_micro', '2000000 (2)', '2750000 (2.75)']]);
    expect(r.stderr).toContain('updated line item');
    expect(emu.state.log.slice(before).map((e) => e.method)).toEqual(['GET', 'GET', 'GET', 'PUT']);
  });

  it('a bid on an AUTO line item is sent with a warning that the API ignores it', async () => {
    const r = await run(['ads', 'line-items', 'update', LI.VIDEO_VIEWS, '--bid', '1']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning: bid_amount_local_micro is ignored .*AUTO/);
    expect(r.sent.find((e) => e.method === 'PUT')!.query).toEqual([['bid_amount_local_micro', '1000000']]);
    const explicit = await run(['ads', 'line-items', 'update', LI.VIDEO_VIEWS, '--bid-strategy', 'AUTO', '--bid', '1', '--no-fetch']);
    expect(explicit.code).toBe(0);
    expect(explicit.stderr).toMatch(/warning: .*ignored/);
  });

  it('a PUBLISHER_NETWORK line item accepts the update once domain and categories are given', async () => {
    const r = await run([
      'ads',
      'line-items',
      'update',
      LI.PUBLISHER_NETWORK,
      '--advertiser-domain',
      'shop.example.com',
      '--categories',
      'IAB1, IAB19-6',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.sent.find((e) => e.method === 'PUT')!.query).toEqual([
      ['advertiser_domain', 'shop.example.com'],
      ['categories', 'IAB1,IAB19-6'],
    ]);
    expect(r.json().data).toMatchObject({ advertiser_domain: 'shop.example.com', categories: ['IAB1', 'IAB19-6'] });
  });

  it('frequency cap, pay_by and TARGET where the objective allows them', async () => {
    expect((await run(['ads', 'line-items', 'update', LI.REACH, '--frequency-cap', '5', '--duration-in-days', '30'])).code).toBe(0);
    expect((await run(['ads', 'line-items', 'update', LI.APP_INSTALLS, '--pay-by', 'APP_CLICK'])).code).toBe(0);
    const t = await run(['ads', 'line-items', 'update', LI.REACH, '--bid-strategy', 'TARGET', '--bid', '3']);
    expect(t.code, t.stderr).toBe(0);
    expect(t.json().data).toMatchObject({
      bid_strategy: 'TARGET',
      bid_amount_local_micro: 3000000,
      frequency_cap: 5,
      duration_in_days: 30,
    });
  });

  it('--dry-run prints method, URL and parameters and changes nothing', async () => {
    const r = await run(['ads', 'line-items', 'update', LI.FOLLOWERS, '--entity-status', 'PAUSED', '--total-budget', '37.50', '--dry-run']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toEqual({
      dry_run: true,
      method: 'PUT',
      url: `${emu.urls.ads}/12/accounts/${EMU_ACCOUNT}/line_items/${LI.FOLLOWERS}`,
      params: { entity_status: 'PAUSED', total_budget_amount_local_micro: '37500000' },
      current: { entity_status: 'ACTIVE', total_budget_amount_local_micro: 100000000 },
    });
    expect(r.sent.map((e) => e.method)).toEqual(['GET', 'GET', 'GET']);
    const noFetch = await run(['ads', 'line-items', 'update', LI.FOLLOWERS, '--name', 'x', '--dry-run', '--no-fetch']);
    expect(noFetch.code).toBe(0);
    expect(noFetch.json()).toEqual({
      dry_run: true,
      method: 'PUT',
      url: expect.stringMatching(/\/line_items\/8u94u$/),
      params: { name: 'x' },
    });
    expect(noFetch.sent).toEqual([]);
    expect(puts(LI.FOLLOWERS)).toEqual([]);
  });

  it('--dry-run as a table', async () => {
    const r = await emu.run(['ads', 'line-items', 'update', LI.FOLLOWERS, '--name', 'x', '--dry-run', '-o', 'table']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe(`PUT ${emu.urls.ads}/12/accounts/${EMU_ACCOUNT}/line_items/${LI.FOLLOWERS}`);
    expect(r.stdout).toMatch(/name\s+followers line item\s+x/);
    expect(r.stderr).toContain('dry run');
  });
});

describe('account and address', () => {
  it('--sandbox sends to the sandbox address with the /12/ path', async () => {
    const r = await run(['ads', 'line-items', 'get', LI.REACH, '--sandbox']);
    expect(r.code).toBe(0);
    expect(r.sent.map((e) => [e.api, e.path])).toEqual([['sandbox', liPath(LI.REACH)]]);
  });

  it('without --account, POSTCTL_ADS_ACCOUNT or a profile default: exit 2, nothing sent', async () => {
    const r = await run(['ads', 'line-items', 'get', LI.REACH], { POSTCTL_ADS_ACCOUNT: undefined });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--account');
    expect(r.sent).toEqual([]);
  });

  it("the profile's default ads account is used; --account overrides it", async () => {
    const set = await emu.run(['config', 'set', 'ads_account', EMU_ACCOUNT]);
    expect(set.code).toBe(0);
    const r = await run(['ads', 'line-items', 'get', LI.REACH], { POSTCTL_ADS_ACCOUNT: undefined });
    expect(r.code, r.stderr).toBe(0);
    expect(r.sent[0]!.path).toBe(liPath(LI.REACH));
    const other = await run(['ads', 'line-items', 'get', LI.REACH, '--account', FOREIGN_ACCOUNT], { POSTCTL_ADS_ACCOUNT: undefined });
    expect(other.code).toBe(3);
    expect(other.sent[0]!.path).toBe(`/12/accounts/${FOREIGN_ACCOUNT}/line_items/${LI.REACH}`);
  });
});

describe('line-items get and delete', () => {
  it('get prints the line item with the envelope in JSON; an unknown id exits 4', async () => {
    const r = await run(['ads', 'line-items', 'get', LI.PREROLL_VIEWS]);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({
      request: { params: { line_item_id: LI.PREROLL_VIEWS } },
      data: { id: LI.PREROLL_VIEWS, objective: 'PREROLL_VIEWS' },
    });
    expect((await run(['ads', 'line-items', 'get', 'nope'])).code).toBe(4);
  });

  it('delete needs --yes when not interactive (exit 2, nothing sent)', async () => {
    const r = await run(['ads', 'line-items', 'delete', LI.DELETABLE]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--yes');
    expect(r.sent).toEqual([]);
  });

  it('delete returns the line item with deleted=true and notes that promoted posts stay', async () => {
    const r = await run(['ads', 'line-items', 'delete', LI.DELETABLE, '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toMatchObject({ id: LI.DELETABLE, deleted: true });
    expect(r.stderr).toMatch(/promoted posts under it are not deleted/);
    expect(r.sent.map((e) => `${e.method} ${e.status}`)).toEqual(['DELETE 200']);
  });

  it('a repeat delete (404) says the line item is already deleted; exit 4', async () => {
    expect((await run(['ads', 'line-items', 'delete', LI.DELETABLE, '--yes'])).code).toBe(0);
    const r = await run(['ads', 'line-items', 'delete', LI.DELETABLE, '--yes']);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain(`line item ${LI.DELETABLE} is already deleted`);
    expect(r.errorJson().error.code).toBe('already_deleted');
    expect(r.sent.map((e) => `${e.method} ${e.status}`)).toEqual(['DELETE 404', 'GET 200']);
    const unknown = await run(['ads', 'line-items', 'delete', 'zzzz', '--yes']);
    expect(unknown.code).toBe(4);
    expect(unknown.stderr).toContain('not found');
  });

  it('a deleted line item is found only with --with-deleted, and cannot be updated', async () => {
    expect((await run(['ads', 'line-items', 'get', LI.DELETABLE])).code).toBe(0);
    expect((await run(['ads', 'line-items', 'delete', LI.DELETABLE, '--yes'])).code).toBe(0);
    expect((await run(['ads', 'line-items', 'get', LI.DELETABLE])).code).toBe(4);
    const r = await run(['ads', 'line-items', 'get', LI.DELETABLE, '--with-deleted']);
    expect(r.json().data.deleted).toBe(true);
    expect((await run(['ads', 'line-items', 'update', LI.DELETABLE, '--name', 'x'])).code).toBe(4);
  });
});
