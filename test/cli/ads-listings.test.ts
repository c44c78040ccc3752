// `ads line-items list` and `audiences list` against the emulator: filters on
// the wire, paging with --all/--limit, the client-side --status filter, bad
// filters refused before sending (exit 6, zero requests); and the PREROLL_VIEWS
// categories rule on `ads line-items update`.
import { describe, expect, it } from 'vitest';
import { LINE_ITEM_IDS as LI } from '../../src/emulator/routes/ads-core.js';
import { EMU_AUDIENCE, EMU_SHARED_AUDIENCE } from '../../src/emulator/routes/audiences.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator();
const acct = ['--account', EMU_ACCOUNT];
const listPath = `/12/accounts/${EMU_ACCOUNT}/line_items`;
const listCalls = () => emu.state.requests('GET', new RegExp(`^${listPath}$`));
const audPath = `/12/accounts/${EMU_ACCOUNT}/custom_audiences`;
const audCalls = () => emu.state.requests('GET', new RegExp(`^${audPath}$`));
const ids = (r: { json(): any }) => (r.json().data as Array<{ id: string }>).map((d) => d.id);

describe('ads line-items list', () => {
  it("lists the account's line items (one page, envelope kept in JSON)", async () => {
    const r = await emu.run(['ads', 'line-items', 'list', ...acct, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(ids(r)).toEqual(Object.values(LI));
    expect(r.json()).toMatchObject({ request: { params: { account_id: EMU_ACCOUNT } }, next_cursor: null });
  });

  it('--campaign-ids, --line-item-ids, --funding-instrument-ids, --q and --with-draft go on the wire', async () => {
    const mark = listCalls().length;
    const r = await emu.run([
      'ads',
      'line-items',
      'list',
      ...acct,
      '--campaign-ids',
      'f2qcm',
      '--line-item-ids',
      `${LI.REACH},${LI.PREROLL_VIEWS}`,
      '--q',
      'REACH',
      '--with-draft',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(ids(r)).toEqual([LI.REACH]);
    expect(listCalls()[mark]!.query).toEqual([
      ['campaign_ids', 'f2qcm'],
      ['line_item_ids', `${LI.REACH},${LI.PREROLL_VIEWS}`],
      ['q', 'REACH'],
      ['with_draft', 'true'],
    ]);
    const other = await emu.run(['ads', 'line-items', 'list', ...acct, '--campaign-ids', 'zzzzz', '-o', 'json']);
    expect(ids(other)).toEqual([]);
    const funding = await emu.run(['ads', 'line-items', 'list', ...acct, '--funding-instrument-ids', 'lygyi', '-o', 'json']);
    expect(funding.code).toBe(0);
    expect(listCalls().at(-1)!.query).toEqual([['funding_instrument_ids', 'lygyi']]);
  });

  it('--all --count 2 follows next_cursor through every page; --limit 3 stops after 3 rows', async () => {
    const mark = listCalls().length;
    const all = await emu.run(['ads', 'line-items', 'list', ...acct, '--count', '2', '--all', '-o', 'jsonl']);
    expect(all.code, all.stderr).toBe(0);
    expect(
      all.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toEqual(Object.values(LI));
    expect(listCalls().length - mark).toBe(5);
    const mark2 = listCalls().length;
    const limited = await emu.run(['ads', 'line-items', 'list', ...acct, '--count', '2', '--limit', '3', '-o', 'jsonl']);
    expect(limited.stdout.trim().split('\n')).toHaveLength(3);
    expect(listCalls().length - mark2).toBe(2);
  });

  it('--sort-by, --with-deleted, --with-total-count and --cursor go on the wire', async () => {
    const mark = listCalls().length;
    const r = await emu.run([
      'ads',
      'line-items',
      'list',
      ...acct,
      '--sort-by',
      'name-desc',
      '--with-deleted',
      '--with-total-count',
      '--count',
      '3',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(listCalls()[mark]!.query).toEqual([
      ['count', '3'],
      ['sort_by', 'name-desc'],
      ['with_deleted', 'true'],
      ['with_total_count', 'true'],
    ]);
    expect(r.json().total_count).toBe(Object.keys(LI).length);
    const names = (r.json().data as Array<{ name: string }>).map((d) => d.name);
    expect(names).toEqual([...names].sort().reverse());
    const next = await emu.run(['ads', 'line-items', 'list', ...acct, '--count', '3', '--cursor', r.json().next_cursor, '-o', 'json']);
    expect(next.code, next.stderr).toBe(0);
    expect(listCalls().at(-1)!.query).toEqual([
      ['count', '3'],
      ['cursor', r.json().next_cursor],
    ]);
  });

  it('--status keeps only line items with that entity_status (the API has no status filter: nothing extra on the wire)', async () => {
    const paused = await emu.run(['ads', 'line-items', 'update', LI.FOLLOWERS, '--entity-status', 'PAUSED', ...acct]);
    expect(paused.code, paused.stderr).toBe(0);
    const mark = listCalls().length;
    const r = await emu.run(['ads', 'line-items', 'list', ...acct, '--status', 'paused', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(ids(r)).toEqual([LI.FOLLOWERS]);
    expect(listCalls()[mark]!.query).toEqual([]);
    const table = await emu.run(['ads', 'line-items', 'list', ...acct, '--status', 'ACTIVE,PAUSED', '-o', 'table']);
    expect(table.stdout).toContain(LI.FOLLOWERS);
    expect(table.stdout).toContain('entity_status');
  });

  const bad: Array<[string, string[], string]> = [
    ['unknown status', ['--status', 'ARCHIVED'], 'status'],
    [
      '201 campaign ids',
      ['--campaign-ids', Array.from({ length: 201 }, (_, i) => `c${i}`).join(',')],
      'campaign_ids: takes at most 200 ids',
    ],
    ['an id that is not an ads id', ['--line-item-ids', '8u94t,../x'], 'line_item_ids: must be ads ids'],
  ];
  for (const [name, flags, message] of bad) {
    it(`${name}: exit 6, nothing sent`, async () => {
      const mark = emu.state.log.length;
      const r = await emu.run(['ads', 'line-items', 'list', ...acct, ...flags]);
      expect(r.code, r.stderr).toBe(6);
      expect(r.stderr).toContain(message);
      expect(emu.state.log.length).toBe(mark);
    });
  }
  it("--count 1001 is an invalid value (exit 6: postctl's own checks), nothing sent", async () => {
    const mark = emu.state.log.length;
    const r = await emu.run(['ads', 'line-items', 'list', ...acct, '--count', '1001']);
    expect(r.code).toBe(6);
    expect(emu.state.log.length).toBe(mark);
  });
});

describe('audiences list', () => {
  it('lists the audiences the account owns (permission_scope OWNER by default)', async () => {
    const r = await emu.run(['audiences', 'list', ...acct, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(ids(r)).toContain(EMU_AUDIENCE);
    expect(ids(r)).not.toContain(EMU_SHARED_AUDIENCE);
    expect(r.json().data.find((a: { id: string }) => a.id === EMU_AUDIENCE)).toMatchObject({
      name: 'Newsletter subscribers',
      permission_level: 'READ_WRITE',
      audience_type: 'CRM',
    });
  });

  it('--permission-scope SHARED, --custom-audience-ids and --q go on the wire', async () => {
    const mark = audCalls().length;
    const shared = await emu.run(['audiences', 'list', ...acct, '--permission-scope', 'SHARED', '-o', 'json']);
    expect(ids(shared)).toEqual([EMU_SHARED_AUDIENCE]);
    expect(shared.json().data[0].permission_level).toBe('READ_ONLY');
    const filtered = await emu.run([
      'audiences',
      'list',
      ...acct,
      '--custom-audience-ids',
      `${EMU_AUDIENCE},zzz`,
      '--q',
      'news',
      '-o',
      'json',
    ]);
    expect(ids(filtered)).toEqual([EMU_AUDIENCE]);
    expect(
      audCalls()
        .slice(mark)
        .map((e) => e.query),
    ).toEqual([
      [['permission_scope', 'SHARED']],
      [
        ['custom_audience_ids', `${EMU_AUDIENCE},zzz`],
        ['q', 'news'],
      ],
    ]);
    const none = await emu.run(['audiences', 'list', ...acct, '--q', 'zebra', '-o', 'json']);
    expect(ids(none)).toEqual([]);
  });

  it('--all --count 1 pages through; the table shows the columns', async () => {
    const r = await emu.run(['audiences', 'list', ...acct, '--count', '1', '--all', '-o', 'jsonl']);
    expect(r.code, r.stderr).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l).id),
    ).toContain(EMU_AUDIENCE);
    const table = await emu.run(['audiences', 'list', ...acct, '-o', 'table']);
    expect(table.stdout).toMatch(/id\s+name\s+audience_type/);
  });

  it('--sort-by, --with-deleted, --with-total-count, --limit and --cursor', async () => {
    // A second audience of this test's own, so one per page leaves a next page to follow.
    const second = await emu.run(['audiences', 'create', ...acct, '--name', 'Second audience']);
    expect(second.code, second.stderr).toBe(0);
    const mark = audCalls().length;
    const sorted = ['audiences', 'list', ...acct, '--sort-by', 'name-desc', '--with-deleted', '--count', '1', '-o', 'json'];
    const r = await emu.run([...sorted, '--with-total-count']);
    expect(r.code, r.stderr).toBe(0);
    expect(audCalls()[mark]!.query).toEqual([
      ['count', '1'],
      ['sort_by', 'name-desc'],
      ['with_deleted', 'true'],
      ['with_total_count', 'true'],
    ]);
    expect(r.json().total_count).toBeGreaterThanOrEqual(1);
    const limited = await emu.run(['audiences', 'list', ...acct, '--count', '1', '--limit', '1', '-o', 'jsonl']);
    expect(limited.stdout.trim().split('\n')).toHaveLength(1);
    // Two audiences (the seeded one and this test's), one per page: there is a next page.
    const cursor = r.json().next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    const next = await emu.run([...sorted, '--cursor', cursor]);
    expect(next.code, next.stderr).toBe(0);
    expect(next.json().data).toHaveLength(1);
    expect(next.json().data[0].id).not.toBe(r.json().data[0].id);
    expect(audCalls().at(-1)!.query).toContainEqual(['cursor', cursor]);
    expect(
      audCalls()
        .at(-1)!
        .query.map(([k]) => k),
    ).toContain('count');
  });

  it('bad filters, a bad --permission-scope included: exit 6, nothing sent', async () => {
    const mark = emu.state.log.length;
    const q = await emu.run(['audiences', 'list', ...acct, '--q', 'x'.repeat(256)]);
    expect(q.code).toBe(6);
    expect(q.stderr).toContain('q: must be 1 to 255 characters');
    const idsBad = await emu.run(['audiences', 'list', ...acct, '--custom-audience-ids', 'A/B']);
    expect(idsBad.code).toBe(6);
    const scope = await emu.run(['audiences', 'list', ...acct, '--permission-scope', 'ALL']);
    expect(scope.code).toBe(6);
    expect(emu.state.log.length).toBe(mark);
  });
});

describe('PREROLL_VIEWS categories rule (ads line-items update)', () => {
  const puts = () => emu.state.requests('PUT', `${listPath}/${LI.PREROLL_VIEWS}`);
  it('three categories: exit 6 naming the field, no PUT sent', async () => {
    const r = await emu.run(['ads', 'line-items', 'update', LI.PREROLL_VIEWS, '--categories', 'IAB1,IAB2,IAB3', ...acct]);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('categories');
    expect(r.stderr).toContain('take 1 or 2 categories (got 3)');
    expect(puts()).toHaveLength(0);
  });
  it('two categories are sent', async () => {
    const r = await emu.run(['ads', 'line-items', 'update', LI.PREROLL_VIEWS, '--categories', 'IAB1,IAB19-6', ...acct, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data.categories).toEqual(['IAB1', 'IAB19-6']);
  });
  it('with --no-fetch the emulator enforces the rule itself (400 → exit 6)', async () => {
    const before = puts().length;
    const r = await emu.run(['ads', 'line-items', 'update', LI.PREROLL_VIEWS, '--categories', 'IAB1,IAB2,IAB3', '--no-fetch', ...acct]);
    expect(r.code).toBe(6);
    expect(puts().length - before).toBe(1);
    expect(puts().at(-1)!.status).toBe(400);
  });
});
