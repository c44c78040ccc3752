// `ads sync`'s pure parts and the store's edges: the window of an account
// (first run from --since, later from the bookmark less the restatement window,
// never before --since, today only with --include-today), a target as it may be
// printed (a URL's password hidden), an unreachable PostgreSQL (exit 7, no
// password in the message), and schema versions (a newer store refused).
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { syncWindow } from '../../src/commands/ads/sync/_account.js';
import { openStore, redactTarget } from '../../src/ads/sync/store.js';
import { CliError } from '../../src/errors/cli-error.js';
import { tempDir } from '../helpers/cli.js';

describe('the window of an account', () => {
  const today = '2026-11-20';
  it('first run: --since to yesterday; without --since: exit 6 naming the account', () => {
    expect(syncWindow(undefined, { since: '2026-11-01', restate: 7, includeToday: false }, today, 'a1')).toEqual({
      from: '2026-11-01',
      to: '2026-11-19',
    });
    expect(() => syncWindow(undefined, { restate: 7, includeToday: false }, today, 'a1')).toThrow(/account a1 has no bookmark.*--since/);
  });
  it('later runs: the bookmark day and the N-1 before it again, never before --since; --include-today reaches today', () => {
    expect(syncWindow('2026-11-18', { restate: 7, includeToday: false }, today, 'a1')).toEqual({ from: '2026-11-12', to: '2026-11-19' });
    expect(syncWindow('2026-11-18', { restate: 0, includeToday: false }, today, 'a1')).toEqual({ from: '2026-11-19', to: '2026-11-19' });
    expect(syncWindow('2026-11-18', { since: '2026-11-15', restate: 7, includeToday: true }, today, 'a1')).toEqual({
      from: '2026-11-15',
      to: '2026-11-20',
    });
    expect(syncWindow('2026-11-19', { restate: 0, includeToday: false }, today, 'a1')).toBeUndefined();
  });
});

describe('targets', () => {
  it('a URL is shown with its password hidden; a path as it is', () => {
    expect(redactTarget('postgres://me:s3cr%40t@db:5432/ads?sslpassword=x1y2')).toBe('postgres://me:***@db:5432/ads?sslpassword=***');
    expect(redactTarget('postgresql://db/ads')).toBe('postgresql://db/ads');
    expect(redactTarget('ads.duckdb')).toBe('ads.duckdb');
  });
  it('an unreachable PostgreSQL is exit 7 and its message holds no password', async () => {
    const e = await openStore('postgres://me:pw-never-shown@127.0.0.1:1/ads', { migrate: true, cwd: '/', now: 0, env: {} }).catch((x) => x);
    expect(e).toBeInstanceOf(CliError);
    expect((e as CliError).exitCode).toBe(7);
    expect((e as Error).message).toMatch(/postgres:\/\/me:\*\*\*@127\.0\.0\.1:1\/ads: cannot connect/);
    expect((e as Error).message).not.toContain('pw-never-shown');
  });
  it('a store of a newer schema is refused (never migrated backwards); a read does not create a file', async () => {
    const dir = tempDir();
    const s = await openStore('a.duckdb', { migrate: true, cwd: dir, now: 0, env: {} });
    await s.run("INSERT INTO schema_version (version, applied_at) VALUES (99, 'later')");
    await s.close();
    const e = await openStore('a.duckdb', { migrate: true, cwd: dir, now: 0, env: {} }).catch((x) => x);
    expect((e as CliError).exitCode).toBe(6);
    expect((e as Error).message).toMatch(/schema version 99; this postctl knows up to 1/);
    const missing = await openStore(join(dir, 'b.duckdb'), { migrate: false, cwd: dir, now: 0, env: {} }).catch((x) => x);
    expect((missing as CliError).exitCode).toBe(4);
  });
});
