// What `ads stats` sends, request by request: a synchronous report reads the account (its zone) and the
// entities' list (their names and the currency they are billed in), then the stats, and nothing else; the
// funding instruments are read only when no list said the currency. A job's file host is given what the
// user said: --timeout of silence, --max-wait in all, measured on the run's clock (here the test clock the
// emulator's slow host waits on too: 40 s of it cost milliseconds).
import { describe, expect, it } from 'vitest';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { freshEmulator, runLogged } from '../helpers/emulator.js';
import { csvRows } from '../helpers/stats.js';
import { tempDir } from '../helpers/cli.js';

const emu = freshEmulator();
const ACCOUNT = `GET /12/accounts/${EMU_ACCOUNT}`;
const args = [
  'ads',
  'stats',
  '--entity',
  'LINE_ITEM',
  '--ids',
  '8u94v,8u94w',
  '--from',
  '2026-10-01',
  '--to',
  '2026-10-02',
  '--metric-groups',
  'ENGAGEMENT,BILLING',
];

describe('ads stats: the reads a report needs, no more', () => {
  it('sync: the account, one list for names and currency, the stats; the funding instruments only without names', async () => {
    const r = await runLogged(emu, args, 'csv');
    expect(r.code, r.stderr).toBe(0);
    expect(r.lines).toEqual([ACCOUNT, `${ACCOUNT}/line_items`, `GET /12/stats/accounts/${EMU_ACCOUNT}`]);
    expect(csvRows(r.stdout).map((x) => x.currency)).toEqual(['USD', 'USD', 'USD', 'USD']);
    // No list read: the currency comes from the funding instruments, one read.
    const bare = await runLogged(emu, [...args, '--no-names'], 'csv');
    expect(bare.code, bare.stderr).toBe(0);
    expect(bare.lines).toEqual([ACCOUNT, `${ACCOUNT}/funding_instruments`, `GET /12/stats/accounts/${EMU_ACCOUNT}`]);
    expect(csvRows(bare.stdout).map((x) => x.currency)).toEqual(['USD', 'USD', 'USD', 'USD']);
    // No money asked: neither is read for it.
    const counts = await runLogged(emu, [...args.slice(0, -1), 'ENGAGEMENT', '--no-names'], 'csv');
    expect(counts.lines).toEqual([ACCOUNT, `GET /12/stats/accounts/${EMU_ACCOUNT}`]);
  });
});

describe('ads stats: a job file host slower than the default timeout', () => {
  const job = ['ads', 'stats', '--entity', 'LINE_ITEM', '--ids', '8u94v', '--from', '2026-06-01', '--to', '2026-06-02'];
  const slowHost = () => {
    emu.state.options.sleep = (ms) => emu.clock.sleep(ms);
    emu.state.options.statsDownloadDelayMs = 40_000;
  };
  const run = (extra: string[]) =>
    emu.run([...job, '--metric-groups', 'ENGAGEMENT', '--mode', 'job', '-o', 'csv', ...extra], { cwd: tempDir() });

  it('answering after 40 s: --timeout 60 waits for it; --timeout 10 fails clearly, exit 7', async () => {
    slowHost();
    const t0 = performance.now();
    const ok = await run(['--timeout', '60']);
    expect(ok.code, ok.stderr).toBe(0);
    expect(csvRows(ok.stdout)).toHaveLength(2);
    const file = emu.state.log.filter((e) => e.api === 'download');
    expect(file.map((e) => e.status)).toEqual([200]);
    const cut = await run(['--timeout', '10']);
    expect(cut.code, cut.stderr).toBe(7);
    expect(cut.stderr).toMatch(
      /error: the file host sent nothing for 10 s \(--timeout 10 s\) while serving the result of job \d+ \(http:\/\/127\.0\.0\.1:\d+\)/,
    );
    expect(cut.stderr).toMatch(/raise --timeout if it is merely slow/);
    // Waits of the test clock: neither run took anything like 40 s of the machine's time.
    expect(performance.now() - t0).toBeLessThan(20_000);
  });

  it('--max-wait bounds the download too: exit 5 naming the job state for --resume, which then finishes', async () => {
    slowHost();
    const cwd = tempDir();
    const state = ['--state', `${cwd}/slow.state.json`];
    const r = await emu.run(
      [...job, '--metric-groups', 'ENGAGEMENT', '--mode', 'job', '-o', 'csv', '--timeout', '60', '--max-wait', '30', ...state],
      { cwd },
    );
    expect(r.code, r.stderr).toBe(5);
    expect(r.stderr).toMatch(/--max-wait \(30 s\) passed/);
    expect(r.stderr).toMatch(/--resume/);
    emu.state.options.statsDownloadDelayMs = 0;
    const resumed = await emu.run([...job, '--metric-groups', 'ENGAGEMENT', '--mode', 'job', '-o', 'csv', ...state, '--resume'], { cwd });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(csvRows(resumed.stdout)).toHaveLength(2);
    expect(emu.state.requests('POST', `/12/stats/jobs/accounts/${EMU_ACCOUNT}`)).toHaveLength(1);
  });
});
