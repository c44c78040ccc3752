// --query runs with a budget: an expression whose result doubles at every step (`data[]` then `.[@,@]`
// thirty times: 2^30 copies) ends with exit 6 naming the expression once POSTCTL_QUERY_TIMEOUT_MS or
// POSTCTL_QUERY_MAX_MB is passed, with nothing printed; a SIGTERM during the evaluation ends the process at
// once. Integers past 2^53 keep every digit through --query (the lossless parse, then their digits).
import { describe, expect, it } from 'vitest';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();
const BLOW_UP = `data[]${'.[@,@]'.repeat(30)}`;
const LOOKUP = ['posts', 'lookup', '20', '21', '--auth', 'user', '-o', 'json'];

describe.concurrent('--query with a budget', () => {
  it('the blow-up ends within its time budget: exit 6 naming the expression, nothing printed', async () => {
    const t0 = Date.now();
    const r = await emu.run([...LOOKUP, '--query', BLOW_UP], { env: { POSTCTL_QUERY_TIMEOUT_MS: '1000' }, timeoutMs: 40_000 });
    const ms = Date.now() - t0;
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain(`--query ${JSON.stringify(BLOW_UP)} went over its budget`);
    expect(r.stderr).toContain('no result within 1000 ms (POSTCTL_QUERY_TIMEOUT_MS)');
    expect(r.stdout).toBe('');
    // 1 s of evaluation plus start-up and the request, on a machine shared with other test files
    // (measured: 3.7 s alone, up to 13 s at a load of 24); unbounded, the evaluation ran for minutes.
    expect(ms).toBeLessThan(30_000);
  }, 45_000);

  it('a result over the size budget: exit 6', async () => {
    const r = await emu.run([...LOOKUP, '--query', 'data[].[@,@,@,@,@,@,@,@]'], { env: { POSTCTL_QUERY_MAX_MB: '0.001' } });
    expect(r.code, r.stderr).toBe(6);
    expect(r.stderr).toContain('a result larger than 0.001 MB (POSTCTL_QUERY_MAX_MB)');
    expect(r.stdout).toBe('');
  });

  it('SIGTERM during the evaluation ends the process at once', async () => {
    let sent = 0;
    const before = emu.state.log.length;
    const r = await emu.run([...LOOKUP, '--query', BLOW_UP], {
      env: { POSTCTL_QUERY_TIMEOUT_MS: '600000' },
      timeoutMs: 20_000,
      onSpawn: (child) => {
        // Sent once the lookup has been answered (and a moment more): the evaluation is under way then,
        // whatever the machine's load made of the start-up (a fixed delay could land before it).
        const poll = setInterval(() => {
          if (emu.state.log.length === before) return;
          clearInterval(poll);
          setTimeout(() => {
            sent = Date.now();
            child.kill('SIGTERM');
            // A second SIGTERM 300 ms on, as a supervisor repeats it: one caught by libuv just before the evaluation
            // switches to the default actions reaches no listener (the closing race docs/cron-and-failures.md names);
            // the second ends the process by the signal either way.
            setTimeout(() => child.exitCode === null && child.signalCode === null && child.kill('SIGTERM'), 300);
          }, 400);
        }, 20);
        child.on('exit', () => clearInterval(poll));
      },
    });
    const after = Date.now() - sent;
    expect(sent).toBeGreaterThan(0);
    expect(r.signal === 'SIGTERM' || r.code === 143, `code ${r.code} signal ${r.signal}`).toBe(true);
    expect(r.stdout).toBe('');
    expect(after).toBeLessThan(1500);
  });

  it('a small query is unaffected', async () => {
    const r = await emu.run([...LOOKUP, '--query', 'data[].id']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(['20', '21']);
  });
});

describe.concurrent('--columns reads own properties, refuses unknown names, answers help in every format', () => {
  it('__proto__.constructor,constructor.name -o csv: exit 2 listing the available columns, no function printed', async () => {
    const r = await emu.run([...LOOKUP.slice(0, -2), '--columns', '__proto__.constructor,constructor.name', '-o', 'csv']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toContain('function');
    expect(r.stderr).toContain('--columns: unknown columns "__proto__.constructor", "constructor.name"; available: id, text');
  });

  it('a misspelt column: exit 2 naming it and the available ones', async () => {
    const r = await emu.run([...LOOKUP.slice(0, -2), '--columns', 'id,txet', '-o', 'table']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown column "txet"; available: id, text/);
  });

  it.each([['json'], ['jsonl'], ['csv'], ['table']])('--columns help -o %s prints the names, one per line', async (format) => {
    const r = await emu.run([...LOOKUP.slice(0, -2), '--columns', 'help', '-o', format]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.trim().split('\n')).toEqual(expect.arrayContaining(['id', 'text']));
    expect(r.stdout).not.toContain('{');
  });

  it('known columns still print, a nested path too', async () => {
    const r = await emu.run([
      'posts',
      'lookup',
      '20',
      '--auth',
      'user',
      '--post-fields',
      'public_metrics',
      '--columns',
      'id,public_metrics.like_count',
      '-o',
      'csv',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout.split('\n')[0]).toBe('id,public_metrics.like_count');
  });
});

// Not concurrent: the fault below would be cleared by another test's start (fileEmulator's beforeEach).
describe('--query keeps integers exact', () => {
  it('integers past 2^53 keep every digit through --query', async () => {
    const A = '9007199254740993';
    const B = '1600000000000004771';
    const path = `/12/accounts/${EMU_ACCOUNT}/line_items/8u94t`;
    const body = `{"request":{"params":{}},"data":{"id":"8u94t","bid_amount_local_micro":${B},"total_budget_amount_local_micro":${A},"small":42}}`;
    emu.state.faults.add({ kind: 'reply', status: 200, path, times: 1, body });
    const r = await emu.run([
      'ads',
      'line-items',
      'get',
      '8u94t',
      '-o',
      'json',
      '--query',
      'data.[bid_amount_local_micro, total_budget_amount_local_micro, small]',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain(B);
    expect(r.stdout).toContain(A);
    expect(r.stdout).not.toContain('9007199254740992');
    expect(r.stdout).not.toContain('1600000000000004900');
    expect(JSON.parse(r.stdout)).toEqual([B, A, 42]);
  });
});
