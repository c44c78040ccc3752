// Streams that resume across processes: `stream connect --state FILE` keeps the last post seen, and a later run
// (after a stop of minutes, on the emulator's clock, which the test moves instead of waiting) asks for the backfill
// the gap needs, or fills a longer gap from recent search for the same rules first: every post of the gap
// printed exactly once. The emulator's stream makes posts on its clock whether or not anyone is connected.
import { statSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { configureFilteredStream, produce } from '../../src/emulator/routes/platform-stream.js';
import { tempDir } from '../helpers/cli.js';
import { freshEmulator } from '../helpers/emulator.js';

let offsetMs = 0;
const emu = freshEmulator({ now: () => Date.now() + offsetMs });
beforeEach(() => {
  offsetMs = 0;
});

const ids = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l).data.id as string);
const connects = () => emu.state.requests('GET', /\/search\/stream$/);
const param = (e: { query: Array<[string, string]> }, name: string) => e.query.find(([k]) => k === name)?.[1];

/** Stops the stream's reader for `ms` of the emulator's clock; the posts it made meanwhile after `lastId`. */
function away(ms: number, lastId: string): string[] {
  offsetMs += ms;
  return produce(emu.state)
    .written.filter((p) => BigInt(p.id) > BigInt(lastId))
    .map((p) => p.id);
}

/** The CLI's clock moved as far as the emulator's. */
const moved = () => ({ env: { POSTCTL_NOW: `+${Math.round(offsetMs / 1000)}s` } });

describe('stream connect --state', () => {
  it('a stream stopped for 3 minutes and restarted with --state receives every post of the gap exactly once', async () => {
    expect((await emu.run(['stream', 'rules', 'add', 'gapcheck'])).code).toBe(0);
    configureFilteredStream(emu.state, { intervalMs: 1000, keepAliveMs: 1000 });
    const state = join(tempDir(), 'bot.stream-state.json');
    const first = await emu.run(['stream', 'connect', '--state', state, '--limit', '2', '-o', 'jsonl']);
    expect(first.code, first.stderr).toBe(0);
    const before = ids(first.stdout);
    expect(before).toHaveLength(2);
    expect(statSync(state).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(state, 'utf8'))).toMatchObject({ version: 1, stream: 'filtered', last_id: before[1] });

    const gap = away(180_000, before[1]!);
    expect(gap.length).toBeGreaterThanOrEqual(180);
    const sent = connects().length;
    const second = await emu.run(['stream', 'connect', '--state', state, '--limit', String(gap.length), '-o', 'jsonl'], moved());
    expect(second.code, second.stderr).toBe(0);
    const after = ids(second.stdout);
    expect(after).toEqual(gap);
    expect(new Set([...before, ...after]).size).toBe(before.length + after.length);
    // 3 minutes and some: 4 minutes of backfill (the API allows 0 to 5), no search.
    expect(param(connects()[sent]!, 'backfill_minutes')).toBe('4');
    expect(emu.state.requests('GET', '/search/recent')).toHaveLength(0);
    expect(second.stderr).toMatch(/resuming after 3m \d+s \(last post \d+ at .*\): 4 minutes of stream backfill/);
    expect(JSON.parse(readFileSync(state, 'utf8')).last_id).toBe(gap.at(-1));
  });

  it('a gap longer than the backfill is filled from recent search for the same rules first, then the backfill, no post twice', async () => {
    expect((await emu.run(['stream', 'rules', 'add', 'gapcheck', 'otherrule', '--tag', 't'])).code).toBe(0);
    configureFilteredStream(emu.state, { intervalMs: 10_000, keepAliveMs: 1000 });
    const state = join(tempDir(), 'state.json');
    offsetMs += 25_000; // two posts made before anyone connects: not this stream's (it starts at its first post)
    const first = await emu.run(['stream', 'connect', '--state', state, '--limit', '1', '-o', 'jsonl'], moved());
    expect(first.code, first.stderr).toBe(0);
    const before = ids(first.stdout);

    const gap = away(20 * 60_000, before[0]!);
    expect(gap.length).toBeGreaterThanOrEqual(119);
    const sent = connects().length;
    const second = await emu.run(['stream', 'connect', '--state', state, '--limit', String(gap.length), '-o', 'jsonl'], moved());
    expect(second.code, second.stderr).toBe(0);
    const lines = second.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.data.id)).toEqual(gap);
    // Posts from search carry the rule they matched, as stream messages do.
    expect(lines[0].matching_rules).toEqual([expect.objectContaining({ id: expect.any(String) })]);
    const searches = emu.state.requests('GET', '/search/recent');
    expect(searches.map((e) => param(e, 'query')).sort()).toEqual(['gapcheck', 'otherrule']);
    expect(param(connects()[sent]!, 'backfill_minutes')).toBe('5');
    expect(second.stderr).toContain('recent search first, then 5 minutes of stream backfill');
    expect(second.stderr).toMatch(/recent search filled the gap: \d+ posts/);
  });

  it('a gap beyond what search keeps is reported, never a silent hole', async () => {
    expect((await emu.run(['stream', 'rules', 'add', 'gapcheck'])).code).toBe(0);
    configureFilteredStream(emu.state, { intervalMs: 1000, keepAliveMs: 1000 });
    const state = join(tempDir(), 'state.json');
    const first = await emu.run(['stream', 'connect', '--state', state, '--limit', '1', '-o', 'jsonl']);
    expect(first.code, first.stderr).toBe(0);
    // An hourly pace while away, so the week search keeps is a few pages.
    configureFilteredStream(emu.state, { intervalMs: 3_600_000 });
    away(8 * 86_400_000, ids(first.stdout)[0]!);
    const second = await emu.run(['stream', 'connect', '--state', state, '--limit', '1', '-o', 'jsonl'], moved());
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toMatch(/posts from \S+ to \S+ may be missing: recent search covers the last 7 days only/);
    // What search still has is printed: the oldest post of its week first.
    expect(JSON.parse(second.stdout.trim()).data.text).toMatch(/^Stream post \d+ matching gapcheck$/);
  });

  it('refuses a state file that is a link or not its own (exit 2), before connecting', async () => {
    const dir = tempDir();
    const target = join(dir, 'elsewhere.json');
    writeFileSync(target, '{}');
    symlinkSync(target, join(dir, 'link.json'));
    const before = connects().length;
    const link = await emu.run(['stream', 'connect', '--state', join(dir, 'link.json'), '--limit', '1']);
    expect(link.code).toBe(2);
    const foreign = join(dir, 'foreign.json');
    writeFileSync(foreign, JSON.stringify({ version: 1, stream: 'sample' }));
    const other = await emu.run(['stream', 'connect', '--state', foreign, '--limit', '1']);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('belongs to');
    expect(connects().length).toBe(before);
  });
});

describe('stream open --state', () => {
  it('a volume stream restarted with --state asks for the backfill of its gap and drops the items it printed', async () => {
    const state = join(tempDir(), 'sample.state.json');
    const first = await emu.run(['stream', 'open', 'sample', '--state', state, '--limit', '3', '-o', 'jsonl']);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(readFileSync(state, 'utf8'))).toMatchObject({ version: 1, stream: 'sample' });
    const sent = emu.state.requests('GET', '/sample/stream').length;
    const second = await emu.run(['stream', 'open', 'sample', '--state', state, '--limit', '3', '-o', 'jsonl']);
    expect(second.code, second.stderr).toBe(0);
    const conn = emu.state.requests('GET', '/sample/stream')[sent]!;
    expect(param(conn, 'backfill_minutes')).toBe('1');
    const seen = new Set(ids(first.stdout));
    expect(ids(second.stdout).filter((id) => seen.has(id))).toEqual([]);
    expect(second.stderr).toMatch(/resuming after \d+s: 1 minute of stream backfill/);
    // Another partition or source is another stream: its state file is refused.
    const other = await emu.run(['stream', 'open', 'sample10', '--partition', '1', '--state', state, '--limit', '1']);
    expect(other.code).toBe(2);
  });
});
