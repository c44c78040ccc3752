// Rate-limit state where a script can read it: every exit-5 JSON error carries
// limit, remaining and reset_at (from the refused response's headers), and
// `auth status --limits` shows the window of the endpoint its check called.
import { describe, expect, it } from 'vitest';
import { EMU_USER } from '../../src/emulator/state.js';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator({ limits: { 'GET /2/users/:id/tweets': { max: 1, windowSec: 900 } } });

describe('rate-limit fields', () => {
  it('an exit-5 error has limit, remaining and reset_at as fields', async () => {
    const first = await emu.run(['users', 'posts', EMU_USER.id, '-o', 'json']);
    expect(first.code, first.stderr).toBe(0);
    const before = Date.now();
    const r = await emu.run(['users', 'posts', EMU_USER.id, '-o', 'json', '--max-wait', '0']);
    expect(r.code, r.stderr).toBe(5);
    const error = r.errorJson().error;
    expect(error).toMatchObject({
      exit_code: 5,
      limit: 1,
      remaining: 0,
      reset_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/),
    });
    const reset = Date.parse(error.reset_at);
    expect(reset).toBeGreaterThan(before - 1000);
    expect(reset).toBeLessThanOrEqual(before + 901_000);
  });

  it('an error of another kind has no such fields', async () => {
    const r = await emu.run(['users', 'posts', '9000000000', '-o', 'json']);
    expect(r.code).toBe(4);
    expect(Object.keys(r.errorJson().error)).not.toContain('remaining');
  });

  it('auth status --limits makes the check call and shows its window', async () => {
    const r = await emu.run(['auth', 'status', '--limits', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().limits).toEqual({
      endpoint: 'GET /1.1/account/verify_credentials.json',
      limit: expect.any(Number),
      remaining: expect.any(Number),
      reset_at: expect.stringMatching(/Z$/),
    });
    expect(r.json().limits.remaining).toBeLessThan(r.json().limits.limit);
    const table = await emu.run(['auth', 'status', '--limits', '-o', 'table']);
    expect(table.stdout).toMatch(/rate limit of GET \/1\.1\/account\/verify_credentials\.json: \d+ of \d+ requests left, window resets/);
  });
});
