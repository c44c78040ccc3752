// `ads stats --mode job` killed right after a job create — before, while or
// after its id reaches the state file — and resumed: no job is ever created
// twice (the id is fsynced before the next create; a job created but not yet
// recorded is found on the account by its parameters), and every row is there.
import { describe, expect, it } from 'vitest';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { freshEmulator } from '../helpers/emulator.js';
import { csvRows } from '../helpers/stats.js';

const emu = freshEmulator({ statsJobPolls: 1 });
// Polls wait on the test world's clock (a step each): no variable shortens them.
const env = {};
const JOBS = `/12/stats/jobs/accounts/${EMU_ACCOUNT}`;
const ids = Array.from({ length: 61 }, (_, i) => `l${i.toString(36).padStart(4, '0')}`).join(',');
const args = [
  'ads',
  'stats',
  '--entity',
  'LINE_ITEM',
  '--ids',
  ids,
  '--from',
  '2026-06-01T00:00:00Z',
  '--to',
  '2026-06-02T00:00:00Z',
  '--granularity',
  'HOUR',
  '--metric-groups',
  'ENGAGEMENT',
  '--mode',
  'job',
  '-o',
  'csv',
];
const created = () => emu.state.requests('POST', JOBS).filter((e) => e.status === 200).length;

describe('ads stats jobs: a kill right after a create never duplicates a job on resume', () => {
  // [which create (1-4 of the plan's 4), ms after the emulator answered it]
  const cases: Array<[number, number]> = [
    [1, 0],
    [2, 1],
    [3, 5],
    [4, 20],
    [2, 60],
  ];
  it.each(cases)('killed after create %i + %i ms: the resumed run creates only what is missing', async (k, delay) => {
    const cwd = tempDir();
    emu.state.options.statsJobLatencyMs = 60_000;
    const killed = await emu.run(args, {
      env,
      cwd,
      onSpawn: (child) => {
        const t = setInterval(() => {
          if (created() < k) return;
          clearInterval(t);
          setTimeout(() => child.kill('SIGKILL'), delay);
        }, 1);
      },
    });
    expect(killed.signal).toBe('SIGKILL');
    const before = created();
    expect(before).toBeGreaterThanOrEqual(k);
    emu.state.options.statsJobLatencyMs = 0;
    const resumed = await emu.run([...args, '--resume'], { env, cwd });
    expect(resumed.code, resumed.stderr).toBe(0);
    // Four requests, four jobs in all: none created twice.
    expect(created()).toBe(4);
    const rows = csvRows(resumed.stdout);
    expect(rows).toHaveLength(61 * 24);
    expect(new Set(rows.map((r) => `${r.entity_id} ${r.start}`)).size).toBe(61 * 24);
  });
});
