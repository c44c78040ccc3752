// `postctl ads accounts …`, features, business and curated categories and the
// audience estimate through the built CLI against the emulator.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshEmulator } from '../helpers/emulator.js';
import { LINE_ITEM_IDS as LI } from '../../src/emulator/routes/ads-core.js';
import { EMU_ACCOUNT, EMU_USER } from '../../src/emulator/state.js';
import { FOREIGN_ACCOUNT } from '../../src/emulator/ads-support.js';

// The emulator's clock, half a second before an hour boundary: the history
// test must not depend on which hour it runs in. postctl's clock is moved
// there too (POSTCTL_NOW), so its OAuth timestamps are the emulator's time.
const NOW = Date.parse('2026-03-10T14:59:59.500Z');
const CLI_CLOCK = { POSTCTL_NOW: '2026-03-10T14:59:59.500Z' };

const emu = freshEmulator({ fixtureSize: 30, now: () => NOW });

async function run(args: string[], opts: { env?: Record<string, string | undefined>; input?: string } = {}) {
  const before = emu.state.log.length;
  const r = await emu.run([...args, '-o', 'json'], { ...opts, env: { ...CLI_CLOCK, ...opts.env } });
  return Object.assign(r, { sent: emu.state.log.slice(before) });
}

const problemFields = (r: { errorJson(): any }) => r.errorJson().error.problems.map((p: { field: string }) => p.field);

describe('accounts list|get|update', () => {
  it('list keeps the ads envelope; --q and --account-ids filter', async () => {
    const r = await run(['ads', 'accounts', 'list', '--q', 'EMU', '--with-total-count']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({
      request: { params: { q: 'EMU', with_total_count: 'true' } },
      data: [{ id: EMU_ACCOUNT }],
      next_cursor: null,
      total_count: 1,
    });
    expect(r.sent[0]!.path).toBe('/12/accounts');
    const ids = await run(['ads', 'accounts', 'list', '--account-ids', `nope,${EMU_ACCOUNT}`]);
    expect(ids.sent[0]!.query).toEqual([['account_ids', `nope,${EMU_ACCOUNT}`]]);
    expect(ids.json().data.map((a: { id: string }) => a.id)).toEqual([EMU_ACCOUNT]);
  });

  it('more than 200 account ids is rejected before sending', async () => {
    const many = Array.from({ length: 201 }, (_, i) => `a${i}`).join(',');
    const r = await run(['ads', 'accounts', 'list', '--account-ids', many]);
    expect(r.code).toBe(6);
    expect(problemFields(r)).toEqual(['account_ids']);
    expect(r.sent).toEqual([]);
  });

  it('get uses the default account, or the one given; a foreign account exits 3', async () => {
    const r = await run(['ads', 'accounts', 'get']);
    expect(r.code).toBe(0);
    expect(r.json().data).toMatchObject({ id: EMU_ACCOUNT, name: 'Emulator Ads' });
    expect(r.json().data.user_ids).toBeUndefined();
    const foreign = await run(['ads', 'accounts', 'get', FOREIGN_ACCOUNT]);
    expect(foreign.code).toBe(3);
    expect(foreign.sent[0]!.path).toBe(`/12/accounts/${FOREIGN_ACCOUNT}`);
  });

  it('update sends only the flags given and checks industry_type', async () => {
    const bad = await run(['ads', 'accounts', 'update', '--industry-type', 'RETAILER', '--name', '']);
    expect(bad.code).toBe(6);
    expect(problemFields(bad)).toEqual(['name', 'industry_type']);
    expect(bad.sent).toEqual([]);
    const none = await run(['ads', 'accounts', 'update']);
    expect(none.code).toBe(2);
    expect(none.sent).toEqual([]);
    const ok = await run(['ads', 'accounts', 'update', '--industry-type', 'RETAIL']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.sent.map((e) => [e.method, e.path, e.query])).toEqual([
      ['PUT', `/12/accounts/${EMU_ACCOUNT}`, [['industry_type', 'RETAIL']]],
    ]);
    expect(ok.json().data).toMatchObject({ industry_type: 'RETAIL', name: 'Emulator Ads' });
  });
});

describe('sandbox-only operations', () => {
  let sandboxId = '';
  /** A sandbox account of this test's own emulator (each test has a fresh one). */
  const sandboxAccount = async (): Promise<string> => {
    const r = await emu.run(['ads', 'accounts', 'create', '--sandbox', '-o', 'json'], { env: CLI_CLOCK });
    expect(r.code, r.stderr).toBe(0);
    return r.json().data.id as string;
  };

  it('are refused without --sandbox (exit 2), nothing sent', async () => {
    for (const args of [
      ['ads', 'accounts', 'create'],
      ['ads', 'accounts', 'delete', 'x', '--yes'],
      ['ads', 'features', 'add', 'AGE_TARGETING'],
    ]) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain('sandbox-only');
      expect(r.stderr).toContain('--sandbox');
      expect(r.sent).toEqual([]);
    }
  });

  it('the emulator serves them on the sandbox address only', async () => {
    const r = await emu.run(['request', 'POST', '/12/accounts', '--api', 'ads', '-o', 'json'], { env: CLI_CLOCK });
    expect(r.code).not.toBe(0);
    expect(emu.state.requests('POST', '/12/accounts').at(-1)!.status).toBe(405);
  });

  it('create --sandbox makes a sandbox account, visible only on the sandbox address', async () => {
    const r = await run(['ads', 'accounts', 'create', '--sandbox']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.sent.map((e) => [e.api, e.method, e.path])).toEqual([['sandbox', 'POST', '/12/accounts']]);
    sandboxId = r.json().data.id;
    const sandboxList = await run(['ads', 'accounts', 'list', '--sandbox']);
    expect(sandboxList.json().data.map((a: { id: string }) => a.id)).toContain(sandboxId);
    const prodList = await run(['ads', 'accounts', 'list']);
    expect(prodList.json().data.map((a: { id: string }) => a.id)).not.toContain(sandboxId);
    expect((await run(['ads', 'accounts', 'get', sandboxId])).code).toBe(4);
  });

  it("features add --sandbox checks keys against the spec's list, then adds them", async () => {
    sandboxId = await sandboxAccount();
    const bad = await run(['ads', 'features', 'add', 'AGE_TARGETTING', '--sandbox', '--account', sandboxId]);
    expect(bad.code).toBe(6);
    expect(problemFields(bad)).toEqual(['feature_keys']);
    expect(bad.stderr).toContain('AGE_TARGETTING');
    expect(bad.sent).toEqual([]);
    const r = await run(['ads', 'features', 'add', 'AGE_TARGETING', 'DR_TAP,CONVERSATION_CARD', '--sandbox', '--account', sandboxId]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.sent.map((e) => [e.api, e.method, e.path, e.query])).toEqual([
      ['sandbox', 'POST', `/12/accounts/${sandboxId}/features`, [['feature_keys', 'AGE_TARGETING,DR_TAP,CONVERSATION_CARD']]],
    ]);
    expect(r.json().data).toEqual(['AGE_TARGETING', 'DR_TAP', 'CONVERSATION_CARD']);
  });

  it('delete --sandbox asks for --yes, deletes, and a repeat exits 4', async () => {
    sandboxId = await sandboxAccount();
    const ask = await run(['ads', 'accounts', 'delete', sandboxId, '--sandbox']);
    expect(ask.code).toBe(2);
    expect(ask.sent).toEqual([]);
    const r = await run(['ads', 'accounts', 'delete', sandboxId, '--sandbox', '--yes']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toMatchObject({ id: sandboxId, deleted: true });
    expect(r.sent.map((e) => [e.api, e.method])).toEqual([['sandbox', 'DELETE']]);
    expect((await run(['ads', 'accounts', 'delete', sandboxId, '--sandbox', '--yes'])).code).toBe(4);
    const withDeleted = await run(['ads', 'accounts', 'get', sandboxId, '--sandbox', '--with-deleted']);
    expect(withDeleted.json().data.deleted).toBe(true);
  });
});

describe('features list', () => {
  it('returns the accessible keys; --keys filters and is checked', async () => {
    const all = await run(['ads', 'features', 'list']);
    expect(all.json().data).toEqual(['REACH_AND_FREQUENCY_ANALYTICS', 'WEBSITE_CLICKS_CPM_BILLING']);
    const some = await run(['ads', 'features', 'list', '--keys', 'REACH_FREQUENCY_CAP,WEBSITE_CLICKS_CPM_BILLING']);
    expect(some.sent[0]!.query).toEqual([['feature_keys', 'REACH_FREQUENCY_CAP,WEBSITE_CLICKS_CPM_BILLING']]);
    expect(some.json().data).toEqual(['WEBSITE_CLICKS_CPM_BILLING']);
    const bad = await run(['ads', 'features', 'list', '--keys', 'AGE_TARGETING']);
    expect(bad.code).toBe(6);
    expect(problemFields(bad)).toEqual(['feature_keys']);
    expect(bad.sent).toEqual([]);
  });
});

describe('account history', () => {
  // Hours around the emulator's fixed clock (NOW), never the wall clock: the
  // window cannot slip past an hour boundary between sending and asserting.
  const hour = (offsetH: number) =>
    new Date(Math.floor(NOW / 3_600_000) * 3_600_000 + offsetH * 3_600_000).toISOString().replace('.000Z', 'Z');

  it.each([
    [['--entity-id', LI.REACH, '--start-time', '2026-01-05T00:00:00Z', '--end-time', '2026-01-06T00:00:00Z'], 'entity_type'],
    [
      ['--entity-type', 'AD_GROUP', '--entity-id', LI.REACH, '--start-time', '2026-01-05T00:00:00Z', '--end-time', '2026-01-06T00:00:00Z'],
      'entity_type',
    ],
    [['--entity-type', 'LINE_ITEM', '--start-time', '2026-01-05T00:00:00Z', '--end-time', '2026-01-06T00:00:00Z'], 'entity_id'],
    [['--entity-type', 'LINE_ITEM', '--entity-id', LI.REACH, '--end-time', '2026-01-06T00:00:00Z'], 'start_time'],
    [['--entity-type', 'LINE_ITEM', '--entity-id', LI.REACH, '--start-time', '2026-01-05T00:00:00Z'], 'end_time'],
    [
      ['--entity-type', 'LINE_ITEM', '--entity-id', LI.REACH, '--start-time', '2026-01-05T00:30:00Z', '--end-time', '2026-01-06T00:00:00Z'],
      'start_time',
    ],
    [
      ['--entity-type', 'LINE_ITEM', '--entity-id', LI.REACH, '--start-time', '2026-01-05T00:00:00Z', '--end-time', '2026-01-06T00:00:15Z'],
      'end_time',
    ],
    [
      ['--entity-type', 'LINE_ITEM', '--entity-id', LI.REACH, '--start-time', '2026-01-06T00:00:00Z', '--end-time', '2026-01-05T00:00:00Z'],
      'end_time',
    ],
    [
      ['--entity-type', 'LINE_ITEM', '--entity-id', LI.REACH, '--start-time', 'yesterday', '--end-time', '2026-01-05T00:00:00Z'],
      'start_time',
    ],
    [
      [
        '--entity-type',
        'LINE_ITEM',
        '--entity-id',
        LI.REACH,
        '--start-time',
        '2026-01-05T00:00:00Z',
        '--end-time',
        '2026-01-06T00:00:00Z',
        '--user-id',
        'emu_dev',
      ],
      'user_id',
    ],
  ])('%j → %s', async (flags, field) => {
    const r = await run(['ads', 'accounts', 'history', ...flags]);
    expect(r.code, r.stderr).toBe(6);
    expect(problemFields(r)).toContain(field);
    expect(r.sent).toEqual([]);
  });

  it('lists the changes of a line item made through postctl', async () => {
    expect((await run(['ads', 'line-items', 'update', LI.ENGAGEMENTS, '--name', 'history test'])).code).toBe(0);
    const r = await run([
      'ads',
      'accounts',
      'history',
      '--entity-type',
      'LINE_ITEM',
      '--entity-id',
      LI.ENGAGEMENTS,
      '--start-time',
      hour(-1),
      '--end-time',
      hour(2),
      '--user-id',
      EMU_USER.id,
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.sent[0]!.query).toEqual([
      ['entity_type', 'LINE_ITEM'],
      ['entity_id', LI.ENGAGEMENTS],
      ['start_time', hour(-1)],
      ['end_time', hour(2)],
      ['user_id', EMU_USER.id],
    ]);
    expect(r.json().data).toEqual([
      expect.objectContaining({
        entity: 'LINE_ITEM',
        entity_id: LI.ENGAGEMENTS,
        change_type: 'UPDATE',
        changes: { name: { old: 'engagements line item', new: 'history test' } },
      }),
    ]);
    const earlier = await run([
      'ads',
      'accounts',
      'history',
      '--entity-type',
      'LINE_ITEM',
      '--entity-id',
      LI.ENGAGEMENTS,
      '--start-time',
      '2026-01-01T00:00:00Z',
      '--end-time',
      '2026-01-02T00:00:00Z',
    ]);
    expect(earlier.json().data).toEqual([]);
  });
});

describe('business and curated categories', () => {
  it('business-categories lists categories with their IAB values (no account needed)', async () => {
    const r = await run(['ads', 'business-categories'], { env: { POSTCTL_ADS_ACCOUNT: undefined } });
    expect(r.code).toBe(0);
    expect(r.sent[0]!.path).toBe('/12/advertiser_business_categories');
    expect(r.json().data[0]).toMatchObject({
      id: expect.any(String),
      name: expect.any(String),
      iab_categories: expect.arrayContaining(['IAB1']),
    });
  });

  it('curated-categories list filters by --country-codes and keeps total_count', async () => {
    const r = await run(['ads', 'curated-categories', 'list', '--country-codes', 'JP']);
    expect(r.code).toBe(0);
    expect(r.sent[0]!.query).toEqual([['country_codes', 'JP']]);
    expect(r.json()).toMatchObject({ data: [{ id: '1xh7', country_codes: ['US', 'JP'] }], total_count: 1 });
    const bad = await run(['ads', 'curated-categories', 'list', '--country-codes', 'us,USA']);
    expect(bad.code).toBe(6);
    expect(problemFields(bad)).toEqual(['country_codes']);
    expect(bad.sent).toEqual([]);
  });

  it('curated-categories get shows one; unknown exits 4', async () => {
    const r = await run(['ads', 'curated-categories', 'get', '1xh8']);
    expect(r.json().data).toMatchObject({ id: '1xh8', name: 'News' });
    expect((await run(['ads', 'curated-categories', 'get', 'nope'])).code).toBe(4);
  });
});

describe('audience-estimate', () => {
  it('sends the criteria as {"targeting_criteria": [...]} (the reference example) and prints the estimate', async () => {
    const file = join(emu.configDir, 'targeting.json');
    writeFileSync(file, JSON.stringify([{ targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1' }]));
    const r = await run(['ads', 'audience-estimate', '--input', file]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.sent.map((e) => [e.method, e.path])).toEqual([['POST', `/12/accounts/${EMU_ACCOUNT}/audience_estimate`]]);
    expect(JSON.parse(r.sent[0]!.body)).toEqual({
      targeting_criteria: [{ targeting_type: 'LOCATION', targeting_value: '96683cc9126741d1' }],
    });
    expect(r.json().data.audience_size).toEqual({ min: expect.any(Number), max: expect.any(Number) });
  });

  it.each([
    ['{"targeting_type":"LOCATION"}'],
    ['[]'],
    ['[1]'],
    ['not json'],
    ['[{"targeting_type":"LOCATION","targeting_value":"Paris"}]'],
  ])('rejects %s before sending', async (input) => {
    const r = await run(['ads', 'audience-estimate', '--input', '-'], { input });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('body');
    expect(r.sent).toEqual([]);
  });
});
