// Local files on the command line: a file named inside an argument (`-F key=@file`) is a regular file only —
// /proc, /dev and a FIFO are exit 6 with nothing sent; `ads stats --state` replaces only a job state of its
// own; `compliance jobs get --download` never writes through a link and replaces an existing file only with
// --force (or a yes on a terminal); a dry run writes no rejects file, and --failed never writes through a link.
import { execFileSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { campaignStore, FUNDING_IDS } from '../../src/emulator/routes/ads-campaigns.js';
import { EMU_AUDIENCE } from '../../src/emulator/routes/audiences.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { freshEmulator } from '../helpers/emulator.js';
import { terminal } from '../helpers/terminal.js';

const emu = freshEmulator({ statsJobPolls: 1 });
const JOBS = `/12/stats/jobs/accounts/${EMU_ACCOUNT}`;
const STATS = ['ads', 'stats', '--entity', 'LINE_ITEM', '--ids', 'l0001,l0002', '--from', '2026-06-01', '--to', '2026-06-01'];
const STATS_JOB = [...STATS, '--metric-groups', 'ENGAGEMENT', '--mode', 'job', '-o', 'csv'];

describe('@file reads a regular file only', () => {
  it('@/proc/self/environ, @/dev/zero, a FIFO and a link to /proc are exit 6, nothing sent', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const link = join(dir, 'link');
    symlinkSync('/proc/self/environ', link);
    for (const target of ['/proc/self/environ', '/dev/zero', fifo, link]) {
      const r = await emu.run(['request', 'GET', '/2/users/by', '-F', `usernames=@${target}`], { timeoutMs: 10_000 });
      expect(r.code, `${target}: ${r.stderr}`).toBe(6);
      expect(r.stderr).toMatch(/not a regular file|FIFO/);
      const body = await emu.run(['request', 'POST', '/2/tweets', '--input', target], { timeoutMs: 10_000 });
      expect(body.code, `${target}: ${body.stderr}`).toBe(6);
    }
    expect(emu.state.requests('GET', '/2/users/by')).toHaveLength(0);
    expect(emu.state.requests('POST', '/2/tweets')).toHaveLength(0);
    // A regular file is read as before.
    const names = join(dir, 'names.txt');
    writeFileSync(names, 'TwitterDev\n');
    const ok = await emu.run(['request', 'GET', '/2/users/by', '-F', `usernames=@${names}`]);
    expect(ok.code, ok.stderr).toBe(0);
  }, 120_000);
});

describe('ads stats --state replaces only its own job state', () => {
  it('a file that is not a job state (a config with credentials) is refused, intact, nothing sent', async () => {
    const cwd = tempDir();
    const config = join(cwd, 'config.json');
    const text = '{"profiles":{"default":{"consumer_secret":"keep-me"}}}\n';
    writeFileSync(config, text, { mode: 0o600 });
    for (const extra of [[], ['--resume']]) {
      const r = await emu.run([...STATS_JOB, '--state', config, ...extra], { cwd });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(/not (a postctl job state|usable)/);
      expect(readFileSync(config, 'utf8')).toBe(text);
    }
    expect(emu.state.requests('POST', JOBS)).toHaveLength(0);
    // Its own state of another run is replaced, and removed at the end as before.
    const r = await emu.run([...STATS_JOB, '--state', join(cwd, 'own.json')], { cwd });
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(cwd, 'own.json'))).toBe(false);
  }, 60_000);
});

describe('compliance jobs get --download: the safe-file rule', () => {
  it('an existing file off a terminal needs --force; a link is refused even with it; a new file is 0600', async () => {
    const dir = tempDir();
    const ids = join(dir, 'ids.txt');
    writeFileSync(ids, '1460323737035677691\n');
    const c = await emu.run(['compliance', 'jobs', 'create', '--type', 'tweets', '--ids-file', ids, '-o', 'json']);
    expect(c.code, c.stderr).toBe(0);
    const id = c.json().data.id as string;
    // The emulator moves the job along on each get: until it is complete.
    for (let i = 0; i < 5; i++) {
      const g = await emu.run(['compliance', 'jobs', 'get', id, '-o', 'json']);
      if (g.json().data.status === 'complete') break;
    }
    const existing = join(dir, 'existing.jsonl');
    writeFileSync(existing, 'mine\n', { mode: 0o644 });
    const refused = await emu.run(['compliance', 'jobs', 'get', id, '--download', existing]);
    expect(refused.code, refused.stderr).toBe(2);
    expect(refused.stderr).toMatch(/refusing to replace .*--force/s);
    expect(readFileSync(existing, 'utf8')).toBe('mine\n');
    expect(statSync(existing).mode & 0o777).toBe(0o644);

    const target = join(dir, 'target.txt');
    writeFileSync(target, 'target\n');
    const link = join(dir, 'link.jsonl');
    symlinkSync(target, link);
    for (const extra of [[], ['--force']]) {
      const r = await emu.run(['compliance', 'jobs', 'get', id, '--download', link, ...extra]);
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain('symbolic link');
      expect(readFileSync(target, 'utf8')).toBe('target\n');
      expect(lstatSync(link).isSymbolicLink()).toBe(true);
    }

    // On a terminal, postctl asks: no leaves the file as it was, yes replaces it.
    const env = emu.cliEnv() as Record<string, string>;
    const no = terminal(['compliance', 'jobs', 'get', id, '--download', existing], env);
    await no.expect(/Replace .*existing\.jsonl\?/);
    no.type('n\r');
    expect(await no.exit).toBe(0);
    expect(readFileSync(existing, 'utf8')).toBe('mine\n');
    const yes = terminal(['compliance', 'jobs', 'get', id, '--download', existing], env);
    await yes.expect(/Replace .*existing\.jsonl\?/);
    yes.type('y\r');
    expect(await yes.exit).toBe(0);
    expect(readFileSync(existing, 'utf8')).toContain('1460323737035677691');
    writeFileSync(existing, 'mine again\n');

    const forced = await emu.run(['compliance', 'jobs', 'get', id, '--download', existing, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(existing, 'utf8')).toContain('1460323737035677691');
    const fresh = join(dir, 'new.jsonl');
    const made = await emu.run(['compliance', 'jobs', 'get', id, '--download', fresh]);
    expect(made.code, made.stderr).toBe(0);
    expect(statSync(fresh).mode & 0o777).toBe(0o600);
  }, 60_000);
});

describe('a dry run writes no file', () => {
  it('audiences upload --dry-run --rejects: the rejects file is neither created nor touched', async () => {
    const dir = tempDir();
    const input = join(dir, 'emails.txt');
    writeFileSync(input, 'a@example.com\nnot an email\n');
    const existing = join(dir, 'rejects.csv');
    writeFileSync(existing, 'keep\n', { mode: 0o644 });
    const fresh = join(dir, 'new-rejects.csv');
    for (const rejects of [existing, fresh]) {
      const r = await emu.run(['audiences', 'upload', EMU_AUDIENCE, '--file', input, '--type', 'email', '--dry-run', '--rejects', rejects]);
      expect([0, 8], r.stderr).toContain(r.code);
    }
    expect(readFileSync(existing, 'utf8')).toBe('keep\n');
    expect(statSync(existing).mode & 0o777).toBe(0o644);
    expect(existsSync(fresh)).toBe(false);
    expect(existsSync(`${input}.postctl-state.json`)).toBe(false);
  }, 60_000);
});

describe('--failed never writes through a link', () => {
  it('ads campaigns create --failed onto a symbolic link: the link is replaced by the file, its target untouched', async () => {
    const dir = tempDir();
    const file = join(dir, 'campaigns.jsonl');
    const line = (n: number) =>
      JSON.stringify({
        funding_instrument_id: FUNDING_IDS.CARD,
        name: `linked ${n}`,
        daily_budget: '5',
        total_budget: 100,
        entity_status: 'PAUSED',
      });
    writeFileSync(file, `${line(1)}\n${line(2)}\n`);
    campaignStore(emu.state).rejectNames.add('linked 2');
    const target = join(dir, 'target.txt');
    writeFileSync(target, 'target\n');
    const failed = join(dir, 'failed.jsonl');
    symlinkSync(target, failed);
    const r = await emu.run(['ads', 'campaigns', 'create', '--file', file, '--failed', failed]);
    expect(r.code, r.stderr).toBe(8);
    expect(readFileSync(target, 'utf8')).toBe('target\n');
    expect(lstatSync(failed).isFile()).toBe(true);
    expect(readFileSync(failed, 'utf8')).toContain('linked 2');
  }, 60_000);
});
