// Consistency fixes of issue 27: hints from the same table as the flag's choices, account history with what
// changed (old → new), upper-case API enums typed in any case, whole-hour checks before sending, and
// --since/--until relative times on history, search and counts.
import { describe, expect, it } from 'vitest';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator();
const HOUR = 3_600_000;

describe('hints come from the flag choices', () => {
  it('audiences upload without --type names the kinds --type accepts (the user id as twitter_id or service_id)', async () => {
    const r = await emu.run(['audiences', 'upload', 'any'], { input: 'a@example.com\n' });
    expect(r.code).toBe(2);
    const line = r.stderr.split('\n')[0]!;
    expect(line).toContain('plain lines need --type (email, phone, handle, device_id, ');
    expect(line).toMatch(/twitter_id|service_id/);
    expect(line).not.toMatch(/\buser_id\b/);
  });
});

describe('ads accounts history', () => {
  it('a changes column (field: old → new), entity type in lower case, --since 1h', async () => {
    const up = await emu.run(['ads', 'line-items', 'update', '8u94w', '--bid', '3', '--entity-status', 'paused', '-o', 'json']);
    expect(up.code, up.stderr).toBe(0);
    const put = emu.state.requests('PUT').at(-1)!;
    // The ads API takes PUT parameters in the query string.
    expect(new Map(put.query).get('entity_status')).toBe('PAUSED');
    const r = await emu.run(
      ['ads', 'accounts', 'history', '--entity-type', 'line_item', '--entity-id', '8u94w', '--since', '1h', '-o', 'table'],
      { env: { COLUMNS: '200' } },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/bid_amount_local_micro: 2000000 → 3000000/);
    expect(r.stdout).toMatch(/entity_status: ACTIVE → PAUSED/);
    const sent = new Map(emu.state.requests('GET', /account_history/).at(-1)!.query);
    expect(sent.get('entity_type')).toBe('LINE_ITEM');
    const start = Date.parse(sent.get('start_time')!);
    const end = Date.parse(sent.get('end_time')!);
    expect(start % HOUR).toBe(0);
    expect(end % HOUR).toBe(0);
    expect(Date.now() - start).toBeGreaterThanOrEqual(HOUR);
    expect(Date.now() - start).toBeLessThan(2 * HOUR);
    expect(end).toBeGreaterThanOrEqual(Date.now() - 60_000);
  });

  it('a date without a time, or --since with --start-time, is refused before sending', async () => {
    const base = ['ads', 'accounts', 'history', '--entity-type', 'LINE_ITEM', '--entity-id', '8u94t'];
    const date = await emu.run([...base, '--start-time', '2026-01-05', '--end-time', '2026-01-06T00:00:00Z', '-o', 'json']);
    expect(date.code).toBe(6);
    expect(date.stderr).toContain('start_time: must be a date and time on a whole hour, e.g. 2026-01-05T00:00:00Z');
    const both = await emu.run([...base, '--since', '24h', '--start-time', '2026-01-05T00:00:00Z']);
    expect(both.code).toBe(2);
    const bad = await emu.run([...base, '--since', 'yesterday']);
    expect(bad.code).toBe(6);
    expect(bad.stderr).toContain('--since: must be a relative time such as 24h');
    expect(emu.state.requests('GET', /account_history/)).toEqual([]);
  });
});

describe('upper-case API values typed in any case', () => {
  it('flag choices (both parsers) and checked values: shared → SHARED, day → DAY, retail → RETAIL', async () => {
    for (const env of [{}, { POSTCTL_NO_FAST_PATH: '1' }]) {
      const r = await emu.run(['audiences', 'list', '--permission-scope', 'shared', '-o', 'json'], { env });
      expect(r.code, r.stderr).toBe(0);
      expect(new Map(emu.state.requests('GET', /custom_audiences/).at(-1)!.query).get('permission_scope')).toBe('SHARED');
    }
    const acct = await emu.run(['ads', 'accounts', 'update', '--industry-type', 'retail', '-o', 'json']);
    expect(acct.code, acct.stderr).toBe(0);
    expect(new Map(emu.state.requests('PUT').at(-1)!.query).get('industry_type')).toBe('RETAIL');
    const bad = await emu.run(['audiences', 'list', '--permission-scope', 'bogus']);
    expect(bad.code).toBe(6);
  });
});

describe('--since/--until on search and counts', () => {
  it('posts search --since 24h sends a start_time 24 hours ago; counts --since/--until both', async () => {
    const before = Date.now();
    const s = await emu.run(['posts', 'search', 'coffee', '--since', '24h', '-o', 'json']);
    expect(s.code, s.stderr).toBe(0);
    expect(s.json().data.length).toBeGreaterThan(0);
    const q = new Map(emu.state.requests('GET', '/2/tweets/search/recent').at(-1)!.query);
    const start = Date.parse(q.get('start_time')!);
    expect(q.get('start_time')).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(start).toBeGreaterThanOrEqual(before - 24 * HOUR - 1000);
    expect(start).toBeLessThanOrEqual(Date.now() - 24 * HOUR);
    const c = await emu.run(['posts', 'counts', 'postctl', '--since', '2d', '--until', '1h', '--granularity', 'hour', '-o', 'json']);
    expect(c.code, c.stderr).toBe(0);
    const cq = new Map(emu.state.requests('GET', '/2/tweets/counts/recent').at(-1)!.query);
    expect(Date.parse(cq.get('end_time')!) - Date.parse(cq.get('start_time')!)).toBe(47 * HOUR);
    const clash = await emu.run(['posts', 'search', 'coffee', '--since', '1d', '--start', '2026-01-01T00:00:00Z']);
    expect(clash.code).toBe(2);
  });
});
