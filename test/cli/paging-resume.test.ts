// Paging that resumes: a listing cut short by a lasting failure prints where to start again (the error's
// `resume` in its JSON line, the flag in its hint) and `--next-token` starts there, so the pages already printed
// and the rest join with no post lost or repeated; --verbose shows the pagination tokens (not secrets).
import { describe, expect, it } from 'vitest';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();

const ids = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l).id as string);

describe('a search cut on page 2', () => {
  it('prints the token of the failing page and resumes with it: every post once', async () => {
    const q = ['posts', 'search', 'coffee', '--all', '--max-results', '10', '-o', 'jsonl'];
    const whole = await emu.run(q);
    expect(whole.code, whole.stderr).toBe(0);
    const all = ids(whole.stdout);
    expect(all.length).toBeGreaterThan(20);
    // Page 1 goes through; page 2 answers 503 for longer than the client retries.
    emu.state.faults.add({ kind: 'status', status: 503, path: '/search/recent', after: 1, times: 50 });
    const cut = await emu.run(q);
    expect(cut.code).toBe(7);
    const first = ids(cut.stdout);
    expect(first).toEqual(all.slice(0, 10));
    const error = JSON.parse(cut.stderr.trim().split('\n').at(-1)!).error;
    expect(error.resume).toMatchObject({ pagination_token: expect.any(String), items_read: 10, flag: '--next-token' });
    expect(error.hint).toContain(`--next-token ${error.resume.pagination_token}`);
    emu.state.faults.clear();
    const rest = await emu.run([...q, '--next-token', error.resume.pagination_token]);
    expect(rest.code, rest.stderr).toBe(0);
    const joined = [...first, ...ids(rest.stdout)];
    expect(joined).toEqual(all);
    expect(new Set(joined).size).toBe(joined.length);
  });

  it('a listing verb takes --next-token too, and a malformed one is refused before sending', async () => {
    const one = await emu.run(['users', 'followers', '2244994945', '--max-results', '5', '-o', 'json']);
    expect(one.code, one.stderr).toBe(0);
    const token = JSON.parse(one.stdout).meta.next_token as string;
    const before = emu.state.log.length;
    const next = await emu.run(['users', 'followers', '2244994945', '--max-results', '5', '--next-token', token, '-o', 'json']);
    expect(next.code, next.stderr).toBe(0);
    expect(emu.state.log.slice(before).at(-1)!.query).toContainEqual(['pagination_token', token]);
    const bad = await emu.run(['users', 'followers', '2244994945', '--next-token', 'a b']);
    expect(bad.code).toBe(6);
    expect(bad.stderr).toContain('--next-token');
  });

  it('--verbose shows next_token and pagination_token while credentials stay redacted', async () => {
    const r = await emu.run(['posts', 'search', 'coffee', '--limit', '15', '--max-results', '10', '-o', 'jsonl', '--verbose']);
    expect(r.code, r.stderr).toBe(0);
    const token = /"next_token":"([^"]+)"/.exec(r.stderr)?.[1];
    expect(token, r.stderr).toBeDefined();
    expect(r.stderr).toContain(`pagination_token=${token}`);
    expect(r.stderr).not.toMatch(/pagination_token=\[redacted\]|"next_token":"\[redacted\]"/);
    expect(r.stderr).not.toContain('emu-consumer-secret');
  });
});
