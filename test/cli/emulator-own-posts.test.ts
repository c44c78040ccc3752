// The emulator gives back what a bot posted: a created post is returned by
// posts lookup, the author's posts timeline, the mentioned user's mentions and
// search with its own text (not made-up text), and gone once deleted; a repeat
// of the author's recent text is refused as the live service refuses it, and
// accepted again once the window has passed.
import { describe, expect, it } from 'vitest';
import { postingState } from '../../src/emulator/routes/platform-posting.js';
import type { CliResult } from '../helpers/cli.js';
import { freshEmulator } from '../helpers/emulator.js';

/** The listed objects of a -o json run (an envelope's data, or the list itself). */
const items = (r: CliResult): Array<Record<string, unknown>> => {
  const j = r.json();
  return Array.isArray(j) ? j : j.data;
};

let shift = 0;
const emu = freshEmulator({ now: () => Date.now() + shift });

async function create(text: string, key: string): Promise<string> {
  const r = await emu.run(['posts', 'create', '--text', text, '--idempotency-key', key, '-o', 'json']);
  expect(r.code, r.stderr).toBe(0);
  return r.json().data.id as string;
}

describe('emulator: created posts are read back', () => {
  it('lookup, the posts and mentions timelines and search show the posted text', async () => {
    shift = 0;
    const text = 'espresso with @alice at the standup';
    const id = await create(text, 'standup');

    const lookup = await emu.run(['posts', 'lookup', id, '-o', 'json']);
    expect(lookup.code, lookup.stderr).toBe(0);
    expect(items(lookup)).toEqual([expect.objectContaining({ id, text })]);

    const mine = await emu.run(['users', 'posts', '2244994945', '-o', 'json']);
    expect(mine.code, mine.stderr).toBe(0);
    expect(items(mine)[0]).toMatchObject({ id, text });

    const mentions = await emu.run(['users', 'mentions', '1000000001', '-o', 'json']);
    expect(mentions.code, mentions.stderr).toBe(0);
    expect(items(mentions)[0]).toMatchObject({ id, text });

    // Search ends 10 s before the request time, as the service's does.
    shift = 60_000;
    const found = await emu.run(['posts', 'search', 'espresso standup', '-o', 'json']);
    expect(found.code, found.stderr).toBe(0);
    expect(items(found)).toEqual([expect.objectContaining({ id, text })]);

    const del = await emu.run(['posts', 'delete', id, '--yes']);
    expect(del.code, del.stderr).toBe(0);
    const gone = await emu.run(['posts', 'lookup', id, '-o', 'json']);
    expect(gone.code).toBe(4);
  });

  it('new ids are snowflakes of the emulator clock, newer posts larger', async () => {
    shift = 0;
    const a = await create('first of two', 'a');
    const b = await create('second of two', 'b');
    expect(BigInt(b)).toBeGreaterThan(BigInt(a));
    const ms = Number((BigInt(a) >> 22n) + 1288834974657n);
    expect(Math.abs(ms - Date.now())).toBeLessThan(60_000);
  });

  it('the same text by the same author is refused for 24 hours with the live 403, then accepted', async () => {
    shift = 0;
    const first = await create('gm', 'day-1');
    const again = await emu.run(['posts', 'create', '--text', 'gm', '--idempotency-key', 'day-1-again', '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    const refused = emu.state.requests('POST', '/2/tweets').at(-1)!;
    expect(refused.status).toBe(403);
    // A day later (the post made 25 hours ago: the request signatures keep the clock of now).
    postingState(emu.state).posts.get(first)!.created_at = new Date(Date.now() - 25 * 3600_000).toISOString();
    await create('gm', 'day-2');
    expect(emu.state.requests('POST', '/2/tweets').at(-1)!.status).toBe(201);
  });
});
