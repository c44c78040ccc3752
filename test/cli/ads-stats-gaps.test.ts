// `ads stats` never leaves a silent gap and never waits forever: replies that
// lose, repeat or add an entity or carry a value that is not a count are exit 7
// naming the request or job; one job id for two creates is exit 7; a tampered
// state is exit 2 before any request; a job that never finishes stops at
// --max-wait with exit 5 naming the jobs to resume; reach and active entities
// are checked the same way. Also: TOTAL over several windows equals the
// emulator's own sum in -o json, and a full account waits instead of failing.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { queueStatsJobFaults } from '../../src/emulator/routes/ads-stats-jobs.js';
import { queueStatsReplyFaults } from '../../src/emulator/routes/ads-stats.js';
import { emuStatsTotal } from '../../src/emulator/routes/ads-stats-model.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator({ statsJobPolls: 1 });
// Polls wait on the test world's clock (a step each): no variable shortens them.
const env = {};
const JOBS = `/12/stats/jobs/accounts/${EMU_ACCOUNT}`;
const ids = (n: number) => Array.from({ length: n }, (_, i) => `l${i.toString(36).padStart(4, '0')}`).join(',');
const stats = (more: string[]) => [
  'ads',
  'stats',
  '--entity',
  'LINE_ITEM',
  '--from',
  '2026-06-01T00:00:00Z',
  '--to',
  '2026-06-03T00:00:00Z',
  '--granularity',
  'HOUR',
  '--metric-groups',
  'ENGAGEMENT',
  '-o',
  'csv',
  ...more,
];
const job = (n = 2) => stats(['--ids', ids(n), '--mode', 'job']);
const sync = (n = 2) => stats(['--ids', ids(n), '--mode', 'sync']);

describe('ads stats: replies are checked, never merged with a gap', () => {
  it('a sync reply missing an asked id is exit 7 naming the id and the request', async () => {
    queueStatsReplyFaults(emu.state, 'sync', ['missing-entity']);
    const r = await emu.run(sync(3), { env, cwd: tempDir() });
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).toMatch(
      /request 1 \(2026-06-01T00:00:00Z…2026-06-03T00:00:00Z, 3 ids from l0000, ALL_ON_TWITTER\): the reply is missing 1 asked id: l0002/,
    );
  });

  it('a sync reply with an id twice, or one not asked for, or a negative value is exit 7', async () => {
    queueStatsReplyFaults(emu.state, 'sync', ['dup-entity']);
    const dup = await emu.run(sync(), { env, cwd: tempDir() });
    expect(dup.code).toBe(7);
    expect(dup.stderr).toMatch(/the reply holds entity l0000 more than once/);
    queueStatsReplyFaults(emu.state, 'sync', ['extra-entity']);
    const extra = await emu.run(sync(), { env, cwd: tempDir() });
    expect(extra.code).toBe(7);
    expect(extra.stderr).toMatch(/the reply holds an entity that was not asked for \("zz999"\)/);
    queueStatsReplyFaults(emu.state, 'sync', ['negative']);
    const neg = await emu.run(sync(), { env, cwd: tempDir() });
    expect(neg.code).toBe(7);
    expect(neg.stderr).toMatch(/entity l0000, metric \w+, bucket 48 of 48: -1 is not a count \(an integer ≥ 0, or null\)/);
  });

  it('a job file with an id twice is exit 7 naming the job', async () => {
    queueStatsJobFaults(emu.state, ['dup-entity']);
    const r = await emu.run(job(), { env, cwd: tempDir() });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/job \d+ \(request 1 \(.*\)\): the reply holds entity l0000 more than once/);
  });

  it('a job file missing an id is exit 7 naming the job', async () => {
    queueStatsJobFaults(emu.state, ['missing-entity']);
    const r = await emu.run(job(), { env, cwd: tempDir() });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/job \d+ \(request 1 .*\): the reply is missing 1 asked id: l0001/);
  });

  it('one job id answered for two creates is exit 7 naming both requests', async () => {
    queueStatsJobFaults(emu.state, ['none', 'repeat-id']);
    const r = await emu.run(job(21), { env, cwd: tempDir() });
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).toMatch(/the server answered job id \d+ for two creates: request 1 \(.*20 ids.*\) and request 2 \(.*1 id from l000k/);
    expect(r.stdout).toBe('');
  });

  it('a tampered state (an id twice, an id not a number) is exit 2 before any request', async () => {
    for (const jobs of [{ 0: '1600000000000000001', 1: '1600000000000000001' }, { 0: '16e3' }]) {
      const cwd = tempDir();
      const state = join(cwd, 'tampered.json');
      writeFileSync(
        state,
        JSON.stringify({ version: 1, kind: 'jobs', query: {}, query_hash: 'x', jobs, started_at: '2026-06-01T00:00:00Z' }),
      );
      const before = emu.state.log.length;
      const r = await emu.run([...job(21), '--state', state, '--resume'], { env, cwd });
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr).toMatch(
        /the job state .*tampered\.json is not usable: (job 1600000000000000001 is saved for requests 0 and 1|request 0 has job id "16e3", not a number)/,
      );
      expect(emu.state.log.length).toBe(before);
    }
  });
});

describe('ads stats: deadlines hold', () => {
  it('a job that never finishes stops at --max-wait: exit 5 naming it, its state kept for --resume', async () => {
    queueStatsJobFaults(emu.state, ['never']);
    const cwd = tempDir();
    const r = await emu.run([...job(), '--max-wait', '1'], { env, cwd });
    expect(r.code, r.stderr).toBe(5);
    const created = emu.state.requests('POST', JOBS);
    expect(created).toHaveLength(1);
    const [file] = readdirSync(cwd).filter((n) => n.endsWith('.state.json'));
    const id = Object.values(JSON.parse(readFileSync(join(cwd, file!), 'utf8')).jobs)[0];
    expect(r.stderr).toMatch(new RegExp(`--max-wait \\(1 s\\) passed; 1 job not finished: ${id} \\(saved in .*\\.state\\.json\\)`));
    expect(r.stderr).toMatch(/--resume/);
  });

  it('a full account (TOO_MANY_JOBS) waits for a job to finish instead of failing: every row', async () => {
    emu.state.options.statsMaxProcessing = 1;
    const r = await emu.run(job(61), { env, cwd: tempDir() });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1 + 61 * 48);
    expect(r.stderr).toMatch(/the account has the most jobs processing it allows; waiting for one to finish/);
    expect(emu.state.requests('POST', JOBS).filter((e) => e.status === 200)).toHaveLength(4);
  });
});

describe('ads stats: TOTAL over several windows', () => {
  it('-o json TOTAL over three sync windows and two job windows equals the emulator sum', async () => {
    const cases = [
      { mode: 'sync', from: '2026-06-01T00:00:00Z', to: '2026-06-20T00:00:00Z' },
      { mode: 'job', from: '2026-01-01T00:00:00Z', to: '2026-05-01T00:00:00Z' },
    ];
    for (const c of cases) {
      const args = ['ads', 'stats', 'l0001', 'l0002', '--entity', 'LINE_ITEM', '--from', c.from, '--to', c.to];
      const r = await emu.run([...args, '--granularity', 'TOTAL', '--metric-groups', 'ENGAGEMENT', '--mode', c.mode, '-o', 'json'], {
        env,
        cwd: tempDir(),
      });
      expect(r.code, r.stderr).toBe(0);
      const out = r.json<{ data: Array<{ id: string; id_data: Array<{ metrics: Record<string, number[]> }> }> }>();
      expect(out.data.map((e) => e.id)).toEqual(['l0001', 'l0002']);
      for (const e of out.data) {
        const want = emuStatsTotal({
          id: e.id,
          placement: 'ALL_ON_TWITTER',
          metric: 'impressions',
          start: Date.parse(c.from),
          end: Date.parse(c.to),
        });
        expect(want).toBeGreaterThan(0);
        expect(e.id_data[0]!.metrics.impressions).toEqual([want]);
      }
    }
  });
});

describe('ads stats reach and active: checked like stats', () => {
  it('reach that drops, repeats and adds ids is exit 7 naming each', async () => {
    queueStatsReplyFaults(emu.state, 'reach', ['reach-ids']);
    const r = await emu.run(
      ['ads', 'stats', 'reach', '--campaigns', 'c1,c2,c3', '--from', '2026-06-01T00:00:00Z', '--to', '2026-06-02T00:00:00Z'],
      {
        env,
      },
    );
    expect(r.code, r.stderr).toBe(7);
    expect(r.stderr).toMatch(/the reply does not hold each asked id once \(missing c3; repeated c1; not asked for zz999\)/);
  });

  it('active entities: an id that is two ids is exit 7; a 120-day window is asked as 90 + 30 days', async () => {
    queueStatsReplyFaults(emu.state, 'active', ['active-ids']);
    const bad = await emu.run(
      ['ads', 'stats', 'active', '--entity', 'LINE_ITEM', '--from', '2026-06-01T00:00:00Z', '--to', '2026-06-02T00:00:00Z'],
      {
        env,
      },
    );
    expect(bad.code).toBe(7);
    expect(bad.stderr).toMatch(/the reply holds an entity id that is not one id \("l0000,x2"\)/);
    const long = await emu.run(
      ['ads', 'stats', 'active', '--entity', 'LINE_ITEM', '--from', '2026-01-01T00:00:00Z', '--to', '2026-05-01T00:00:00Z', '-o', 'json'],
      { env },
    );
    expect(long.code, long.stderr).toBe(0);
    const seen = emu.state
      .requests('GET', /active_entities$/)
      .filter((e) => e.status === 200)
      .slice(1);
    expect(seen.map((e) => [new Map(e.query).get('start_time'), new Map(e.query).get('end_time')])).toEqual([
      ['2026-01-01T00:00:00Z', '2026-04-01T00:00:00Z'],
      ['2026-04-01T00:00:00Z', '2026-05-01T00:00:00Z'],
    ]);
    expect(long.json<{ data: unknown[] }>().data).toHaveLength(45);
  });
});
