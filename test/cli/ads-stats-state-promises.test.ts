// Promises of `ads stats --mode job`'s resume state that nothing else checks: each job id is in the state file
// before the next create (the emulator reads the file on every create and refuses one whose previous job is not
// there yet); a resume with more than 200 saved jobs asks their status in polls of at most 200 ids; and a
// symbolic link to a good, private state file is refused, not followed.
import { readFileSync, renameSync, statSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { freshEmulator } from '../helpers/emulator.js';
import { csvRows } from '../helpers/stats.js';

const emu = freshEmulator({ statsJobPolls: 1 });
const JOBS = `/12/stats/jobs/accounts/${EMU_ACCOUNT}`;
const idList = (n: number) => Array.from({ length: n }, (_, i) => `l${i.toString(36).padStart(4, '0')}`).join(',');
const args = (ids: string) => [
  'ads',
  'stats',
  '--entity',
  'LINE_ITEM',
  '--ids',
  ids,
  '--from',
  '2026-06-01',
  '--to',
  '2026-06-01',
  '--metric-groups',
  'ENGAGEMENT',
  '--mode',
  'job',
  '-o',
  'csv',
];
const savedJobs = (path: string): number => {
  try {
    return Object.keys((JSON.parse(readFileSync(path, 'utf8')) as { jobs?: object }).jobs ?? {}).length;
  } catch {
    return 0;
  }
};
const created = () => emu.state.requests('POST', JOBS).filter((e) => e.status === 200).length;

describe('ads stats jobs: the state file keeps its promises', () => {
  it('every create comes after the previous job id is on disk (the emulator refuses it otherwise)', async () => {
    const cwd = tempDir();
    const state = join(cwd, 'jobs.state.json');
    emu.state.options.statsJobStateFile = state;
    try {
      // 120 ids: 6 jobs, each created only once its predecessor is recorded.
      const r = await emu.run([...args(idList(120)), '--state', state, '--max-jobs', '1'], { cwd });
      expect(r.code, r.stderr).toBe(0);
      expect(emu.state.requests('POST', JOBS).map((e) => e.status)).toEqual([200, 200, 200, 200, 200, 200]);
      expect(csvRows(r.stdout)).toHaveLength(120);
    } finally {
      delete emu.state.options.statsJobStateFile;
    }
  }, 60_000);

  it('creates go four at a time: each lane records its job before its next create, the others may be on their way', async () => {
    const cwd = tempDir();
    const state = join(cwd, 'jobs.state.json');
    emu.state.options.statsJobStateFile = state;
    try {
      // Four lanes: up to three other creates in flight when one is sent, so at most three jobs not yet on disk.
      emu.state.options.statsJobStateSlack = 4;
      const r = await emu.run([...args(idList(400)), '--state', state], { cwd });
      expect(r.code, r.stderr).toBe(0);
      expect(emu.state.requests('POST', JOBS).map((e) => e.status)).toEqual(new Array(20).fill(200));
      expect(csvRows(r.stdout)).toHaveLength(400);
      // The same with no slack: a second create is sent before the first job is on disk, so creates do overlap.
      emu.state.options.statsJobStateSlack = 1;
      const strict = await emu.run([...args(idList(400)), '--state', join(cwd, 'strict.state.json')], { cwd });
      expect(strict.code).not.toBe(0);
      expect(strict.stderr).toMatch(/is not in the state file/);
    } finally {
      delete emu.state.options.statsJobStateFile;
      delete emu.state.options.statsJobStateSlack;
    }
  }, 60_000);

  it('a resume with more than 200 saved jobs polls them at most 200 ids at a time', async () => {
    const cwd = tempDir();
    // 4,400 ids: 220 job requests. The first run is killed once 210 jobs exist; the resume reuses them all.
    const a = args(idList(4400));
    const before = created();
    const killed = await emu.run(a, {
      cwd,
      timeoutMs: 120_000,
      onSpawn: (child) => {
        const t = setInterval(() => {
          if (created() - before < 210) return;
          clearInterval(t);
          child.kill('SIGKILL');
        }, 1);
      },
    });
    expect(killed.signal).toBe('SIGKILL');
    const polls = emu.state.log.length;
    const resumed = await emu.run([...a, '--resume'], { cwd, timeoutMs: 120_000 });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stderr).toMatch(/resuming: (2[1-9]\d|2\d\d) jobs already created/);
    const sizes = emu.state.log
      .slice(polls)
      .filter((e) => e.method === 'GET' && e.path === JOBS)
      .map((e) => (e.query.find(([k]) => k === 'job_ids')?.[1] ?? '').split(',').length);
    expect(Math.max(...sizes)).toBe(200);
    expect(sizes.every((n) => n <= 200)).toBe(true);
    expect(created() - before).toBe(220);
    expect(csvRows(resumed.stdout)).toHaveLength(4400);
  }, 300_000);

  it('a symbolic link to a good 0600 job state is refused (with and without --resume); the state itself resumes', async () => {
    const cwd = tempDir();
    const a = args(idList(61));
    emu.state.options.statsJobLatencyMs = 60_000;
    const state = join(cwd, 'real.state.json');
    const killed = await emu.run([...a, '--state', state], {
      cwd,
      onSpawn: (child) => {
        const start = created();
        // Creates go several at a time: killed once two exist and one of them is on disk.
        const t = setInterval(() => {
          if (created() - start < 2 || !savedJobs(state)) return;
          clearInterval(t);
          setTimeout(() => child.kill('SIGKILL'), 50);
        }, 1);
      },
    });
    emu.state.options.statsJobLatencyMs = 0;
    expect(killed.signal).toBe('SIGKILL');
    expect(statSync(state).mode & 0o777).toBe(0o600);
    const link = join(cwd, 'link.state.json');
    symlinkSync(state, link);
    const sent = created();
    for (const extra of [['--resume'], []]) {
      const r = await emu.run([...a, '--state', link, ...extra], { cwd });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toContain('symbolic link');
    }
    expect(created()).toBe(sent);
    // The file the link named is a good state: resumed through its own path, it creates only what is missing.
    renameSync(state, join(cwd, 'moved.state.json'));
    const ok = await emu.run([...a, '--state', join(cwd, 'moved.state.json'), '--resume'], { cwd });
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).toMatch(/resuming: [1-9]\d* jobs? already created/);
  }, 60_000);
});
