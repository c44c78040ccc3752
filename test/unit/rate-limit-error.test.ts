import { describe, expect, it } from 'vitest';
import { CliError } from '../../src/errors/cli-error.js';

describe('exit-5 errors carry the rate-limit window', () => {
  it('as limit, remaining and reset_at; null where nothing was announced', () => {
    expect(new CliError('capped', { exitCode: 5 }).toJSON()).toMatchObject({ limit: null, remaining: null, reset_at: null });
    const e = new CliError('limited', { exitCode: 5 });
    e.rateLimit = { limit: 900, remaining: 0, resetAt: Date.UTC(2026, 10, 30, 12, 15) };
    expect(e.toJSON()).toMatchObject({ limit: 900, remaining: 0, reset_at: '2026-11-30T12:15:00Z' });
  });

  it('other exit codes have no such fields', () => {
    const e = new CliError('network', { exitCode: 7 });
    e.rateLimit = { limit: 900, remaining: 12 };
    expect(Object.keys(e.toJSON())).toEqual(['code', 'message', 'exit_code']);
  });
});
