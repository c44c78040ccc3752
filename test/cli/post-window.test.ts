// The post timelines' window (--since-id, --until-id, --start-time, --end-time)
// on users posts, users mentions and users timeline, through the CLI against
// the emulator: what is sent, that the emulator (its own window code) returns
// only the posts inside it, that bad windows are refused before anything is
// sent, and that the emulator refuses them itself when sent raw.
import { describe, expect, it } from 'vitest';
import { EMU_USER } from '../../src/emulator/state.js';
import { freshEmulator } from '../helpers/emulator.js';

const NOW = Date.UTC(2026, 10, 30, 12, 0, 0);
// postctl's clock is moved there too (POSTCTL_NOW), so its OAuth timestamps are the emulator's time.
const CLI_CLOCK = { env: { POSTCTL_NOW: new Date(NOW).toISOString() } };
const emu = freshEmulator({ names: 'official', now: () => NOW });
async function logged(args: string[]) {
  const before = emu.state.log.length;
  const r = await emu.run([...args, '-o', 'json'], CLI_CLOCK);
  return Object.assign(r, {
    sent: emu.state.log.slice(before).filter((e) => e.path.startsWith('/2/')),
    posts: () => (r.json() as { data?: Post[] }).data ?? [],
  });
}
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const EPOCH = 1288834974657n;
const timeOf = (id: string) => Number((BigInt(id) >> 22n) + EPOCH);
type Post = { id: string };

describe('timeline windows', () => {
  it('users posts: --start-time/--end-time are sent as start_time/end_time and only posts inside come back', async () => {
    const start = NOW - 5.5 * 3600_000;
    const end = NOW - 2.5 * 3600_000;
    const r = await logged(['users', 'posts', EMU_USER.id, '--start-time', iso(start), '--end-time', iso(end), '--all']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.sent[0]!.query).toEqual(
      expect.arrayContaining([
        ['start_time', iso(start)],
        ['end_time', iso(end)],
      ]),
    );
    const posts = r.posts();
    // Hourly posts from a minute before NOW: 3h01m, 4h01m and 5h01m ago are inside.
    expect(posts).toHaveLength(3);
    for (const p of posts) expect(timeOf(p.id)).toBeGreaterThanOrEqual(start);
    for (const p of posts) expect(timeOf(p.id)).toBeLessThanOrEqual(end);
  });

  it('users mentions: --since-id returns only newer posts, --until-id only older; a bot resumes from its last seen id', async () => {
    const all = (await logged(['users', 'mentions', EMU_USER.id, '--all'])).posts();
    expect(all.length).toBeGreaterThan(10);
    const seen = all[5]!.id;
    const newer = await logged(['users', 'mentions', EMU_USER.id, '--since-id', seen, '--all']);
    expect(newer.code, newer.stderr).toBe(0);
    expect(newer.sent[0]!.query).toContainEqual(['since_id', seen]);
    expect(newer.posts().map((p) => p.id)).toEqual(all.slice(0, 5).map((p) => p.id));
    const older = await logged(['users', 'mentions', EMU_USER.id, '--until-id', seen, '--max-results', '5']);
    expect(older.posts().map((p) => p.id)).toEqual(all.slice(6, 11).map((p) => p.id));
  });

  it('users timeline: the window and --exclude are sent; the older --start still works', async () => {
    const start = NOW - 3600_000;
    const r = await logged(['users', 'timeline', '--start-time', iso(start), '--exclude', 'replies']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.sent[0]!.query).toEqual(
      expect.arrayContaining([
        ['start_time', iso(start)],
        ['exclude', 'replies'],
      ]),
    );
    // Home posts every 20 minutes from a minute before NOW: 1, 21 and 41 minutes ago.
    expect(r.posts()).toHaveLength(3);
    const old = await logged(['users', 'timeline', '--start', iso(start)]);
    expect(old.code, old.stderr).toBe(0);
    expect(old.posts()).toHaveLength(3);
    const both = await emu.run(['users', 'timeline', '--start', iso(start), '--start-time', iso(start)], CLI_CLOCK);
    expect(both.code).toBe(2);
  });

  it('bad windows are exit 6 naming the flag, with nothing sent', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['users', 'posts', EMU_USER.id, '--since-id', '12ab'], /--since-id.*post id/],
      [['users', 'mentions', EMU_USER.id, '--until-id', '12345678901234567890'], /--until-id/],
      [['users', 'mentions', EMU_USER.id, '--since-id', '20', '--until-id', '10'], /--since-id.*smaller than --until-id/],
      [['users', 'posts', EMU_USER.id, '--start-time', '2026-11-20'], /--start-time.*RFC 3339/],
      [['users', 'posts', EMU_USER.id, '--start-time', '2026-02-30T00:00:00Z'], /--start-time.*RFC 3339/],
      [['users', 'posts', EMU_USER.id, '--end-time', '2026-11-20T08:00:00'], /--end-time.*RFC 3339/],
      [['users', 'posts', EMU_USER.id, '--start-time', '2009-01-01T00:00:00Z'], /--start-time.*2010-11-06T00:00:01Z or later/],
      [
        ['users', 'timeline', '--start-time', '2026-11-20T08:00:00Z', '--end-time', '2026-11-20T07:00:00Z'],
        /--start-time.*before --end-time/,
      ],
      [['users', 'posts', EMU_USER.id, '--exclude', 'quotes'], /--exclude/],
    ];
    for (const [args, text] of cases) {
      const r = await logged(args);
      expect(r.code, `${args.join(' ')}\n${r.stderr}`).toBe(6);
      expect(r.stderr, args.join(' ')).toMatch(text);
      expect(r.sent, args.join(' ')).toEqual([]);
    }
  });

  it('the emulator refuses a malformed window on its own (sent raw with request)', async () => {
    const path = `/2/users/${EMU_USER.id}/mentions`;
    const cases: Array<[string, string]> = [
      ['since_id=abc', 'since_id'],
      ['start_time=2009-01-01T00:00:00Z', 'start_time'],
      ['start_time=yesterday', 'start_time'],
      ['start_time=2026-11-20T08:00:00Z&end_time=2026-11-20T07:00:00Z', 'end_time'],
    ];
    for (const [query, param] of cases) {
      const fields = query.split('&').flatMap((kv) => ['-f', kv]);
      const r = await emu.run(['request', 'GET', path, ...fields], CLI_CLOCK);
      expect(r.code, `${query}\n${r.stderr}`).toBe(6);
      expect(r.stdout + r.stderr, query).toContain(param);
    }
  });
});
