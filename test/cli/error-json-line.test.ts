// Errors for scripts: whenever stderr is not a terminal (cron, CI, a log file)
// the last stderr line is the error as one JSON object, whatever -o is; on a
// terminal, table and CSV output keep the text lines alone.
import { describe, expect, it } from 'vitest';
import { fileEmulator } from '../helpers/emulator.js';
import { terminal } from '../helpers/terminal.js';

const emu = fileEmulator();
const args = [
  'ads',
  'stats',
  'l0001',
  '--entity',
  'LINE_ITEM',
  '--from',
  '2026-11-01',
  '--to',
  '2026-11-02',
  '--metric-groups',
  'ENGAGEMENT',
];
const badToken = { POSTCTL_ACCESS_TOKEN_SECRET: 'not-the-secret' };

describe.concurrent('the JSON error line when stderr is not a terminal', () => {
  it.each(['csv', 'table', 'json'])('ads stats -o %s with an auth failure: text first, then one JSON line (exit 3)', async (format) => {
    const r = await emu.run([...args, '-o', format], { env: badToken });
    expect(r.code, r.stderr).toBe(3);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^error: /);
    expect(r.errorJson().error).toMatchObject({ exit_code: 3, message: expect.stringMatching(/HTTP 401/) });
  });

  it('a usage error with -o csv ends with the JSON line too (commander)', async () => {
    const r = await emu.run(['ads', 'stats', '--bogus', '-o', 'csv']);
    expect(r.code).toBe(2);
    expect(r.errorJson().error).toMatchObject({ code: 'usage', exit_code: 2 });
  });

  it('on a terminal, -o csv prints the text error alone', async () => {
    const t = terminal([...args, '-o', 'csv'], emu.cliEnv(badToken) as Record<string, string>);
    expect(await t.exit).toBe(3);
    expect(t.transcript()).toMatch(/^error: /m);
    expect(t.transcript()).not.toContain('{"error"');
  });
});
