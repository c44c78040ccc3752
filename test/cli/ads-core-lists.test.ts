// Ads list conventions through the built CLI: --all over the 2,500-app fixture
// (every item once, in order, streamed as pages arrive), --limit, --count
// bounds, --cursor, --sort-by, --with-deleted, --with-total-count.
import { describe, expect, it } from 'vitest';
import { fileEmulator } from '../helpers/emulator.js';
import { accountApps } from '../../src/emulator/routes/ads-core-accounts.js';
import { LICC_IDS } from '../../src/emulator/routes/ads-core.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';

const emu = fileEmulator({}, { keepFaults: true });

const APPS = `/12/accounts/${EMU_ACCOUNT}/account_apps`;

async function run(args: string[]) {
  const before = emu.state.log.length;
  const r = await emu.run(args);
  return Object.assign(r, { sent: emu.state.log.slice(before) });
}

describe('--all over 2,500 items', () => {
  it('the fixture holds 2,500 apps', () => {
    expect(accountApps(emu.state, EMU_ACCOUNT)).toHaveLength(2500);
  });

  it('prints every item once, in order (jsonl), following next_cursor page by page', async () => {
    const r = await run(['ads', 'accounts', 'apps', '--all', '-o', 'jsonl']);
    expect(r.code, r.stderr).toBe(0);
    const ids = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).id);
    expect(ids).toEqual(accountApps(emu.state, EMU_ACCOUNT).map((a) => a.id));
    expect(new Set(ids).size).toBe(2500);
    // Default page size 200: 13 pages, each after the previous one's cursor.
    expect(r.sent.map((e) => e.path)).toEqual(Array(13).fill(APPS));
    expect(r.sent[0]!.query).toEqual([]);
    expect(r.sent.slice(1).every((e) => e.query.length === 1 && e.query[0]![0] === 'cursor')).toBe(true);
  });

  it('JSON output is one envelope with all 2,500 items, request kept, next_cursor null', async () => {
    const r = await run(['ads', 'accounts', 'apps', '--all', '--count', '1000', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const env = r.json();
    expect(env.request).toBeDefined();
    expect(env.next_cursor).toBeNull();
    expect(env.data.map((a: { id: string }) => a.id)).toEqual(accountApps(emu.state, EMU_ACCOUNT).map((a) => a.id));
    expect(r.sent).toHaveLength(3);
  });

  it('streams: the first rows are on stdout before the later pages are served', async () => {
    // Later pages are slow; if the CLI buffered everything, nothing would be
    // printed before the last page was served.
    emu.state.faults.add({ kind: 'latency', path: '/account_apps', after: 1, times: 12, latencyMs: 250 });
    const before = emu.state.log.length;
    let servedAtFirstOutput = -1;
    const r = await emu.run(['ads', 'accounts', 'apps', '--all', '-o', 'jsonl'], {
      onSpawn: (child) =>
        child.stdout!.once('data', () => {
          servedAtFirstOutput = emu.state.log.slice(before).filter((e) => e.status === 200).length;
        }),
    });
    emu.state.faults.clear();
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(2500);
    expect(servedAtFirstOutput).toBeGreaterThanOrEqual(1);
    expect(servedAtFirstOutput).toBeLessThan(13);
  });

  it('--limit stops after n items and fetches no further page', async () => {
    const r = await run(['ads', 'accounts', 'apps', '--limit', '450', '-o', 'jsonl']);
    expect(r.code).toBe(0);
    const ids = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l).id);
    expect(ids).toEqual(
      accountApps(emu.state, EMU_ACCOUNT)
        .slice(0, 450)
        .map((a) => a.id),
    );
    expect(r.sent).toHaveLength(3);
  });

  it('table output streams rows and says how many', async () => {
    const r = await run(['ads', 'accounts', 'apps', '--limit', '3', '-o', 'table']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/app00001\s+IOS\s+300000000/);
    expect(r.stderr).toContain('3 items');
  });
});

describe('one page', () => {
  it('--count and --cursor page by hand; the envelope keeps next_cursor', async () => {
    const first = await run(['ads', 'accounts', 'apps', '--count', '2', '-o', 'json']);
    const env = first.json();
    expect(env.data.map((a: { id: string }) => a.id)).toEqual(['app00001', 'app00002']);
    expect(env.next_cursor).toEqual(expect.any(String));
    expect(first.sent[0]!.query).toEqual([['count', '2']]);
    const second = await run(['ads', 'accounts', 'apps', '--count', '2', '--cursor', env.next_cursor, '-o', 'json']);
    expect(second.json().data.map((a: { id: string }) => a.id)).toEqual(['app00003', 'app00004']);
    const table = await run(['ads', 'accounts', 'apps', '--count', '2', '-o', 'table']);
    expect(table.stderr).toContain('--cursor');
  });

  it.each([['0'], ['1001'], ['ten']])('--count %s is outside 1 to 1000: exit 6, nothing sent', async (n) => {
    const r = await run(['ads', 'accounts', 'apps', '--count', n]);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('--count');
    expect(r.sent).toEqual([]);
  });

  it('--with-total-count adds total_count; with --cursor it is rejected before sending', async () => {
    const r = await run(['ads', 'accounts', 'apps', '--count', '1', '--with-total-count', '-o', 'json']);
    expect(r.json().total_count).toBe(2500);
    const bad = await run(['ads', 'accounts', 'apps', '--cursor', 'Yzoy', '--with-total-count']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--with-total-count cannot be combined with --cursor');
    expect(bad.sent).toEqual([]);
  });

  it('--with-total-count with --all keeps total_count in the streamed envelope', async () => {
    const r = await run(['ads', 'line-item-categories', 'list', '--all', '--count', '1', '--with-total-count', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toMatchObject({ total_count: 2, next_cursor: null });
    expect(r.json().data).toHaveLength(2);
    // total_count is asked for on the first page only: the API refuses it with a cursor.
    expect(r.sent.map((e) => e.query.map(([k]) => k))).toEqual([
      ['count', 'with_total_count'],
      ['count', 'cursor'],
    ]);
  });

  it('--sort-by is checked, sent, and applied', async () => {
    const r = await run(['ads', 'accounts', 'apps', '--count', '2', '--sort-by', 'created_at-desc', '-o', 'json']);
    expect(r.sent[0]!.query).toEqual([
      ['count', '2'],
      ['sort_by', 'created_at-desc'],
    ]);
    expect(r.json().data.map((a: { id: string }) => a.id)).toEqual(['app02500', 'app02499']);
    for (const bad of ['created_at', 'colour-asc']) {
      const b = await run(['ads', 'accounts', 'apps', '--sort-by', bad, '-o', 'json']);
      expect(b.code).toBe(6);
      expect(b.errorJson().error.problems[0].field).toBe('sort_by');
      expect(b.sent).toEqual([]);
    }
  });

  it('--with-deleted includes deleted objects', async () => {
    const plain = await run(['ads', 'line-item-categories', 'list', '-o', 'json']);
    expect(plain.json().data.map((l: { id: string }) => l.id)).not.toContain(LICC_IDS.DELETED);
    const all = await run(['ads', 'line-item-categories', 'list', '--with-deleted', '-o', 'json']);
    expect(all.sent[0]!.query).toEqual([['with_deleted', 'true']]);
    expect(all.json().data.map((l: { id: string }) => l.id)).toContain(LICC_IDS.DELETED);
  });
});
