// Name negotiation end to end: an emulator in the openapi v2.167 dialect
// (post.fields on /2/tweets; tweet.fields refused with the live service's
// unknown-parameter message) against the built CLI, which sends the v2.159
// names first, retries once in the spelling the message lists, and remembers
// the dialect per API origin in its cache directory (not the config).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator({ dialect: '2.167' });

const lookups = (from: number) =>
  emu.state.log
    .slice(from)
    .filter((e) => e.path === '/2/tweets')
    .map((e) => ({ status: e.status, params: e.query.map(([k]) => k).join('&') }));

describe('field-name negotiation (openapi v2.159 → v2.167)', () => {
  it('posts lookup 20 --post-fields created_at: 2 requests (refused, negotiated), the right output; a second run: 1 request', async () => {
    let from = emu.state.log.length;
    const first = await emu.run(['posts', 'lookup', '20', '--post-fields', 'created_at', '-o', 'json', '--verbose']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.json().data).toEqual([
      { id: '20', text: expect.stringContaining('Post 20 from the emulator'), created_at: expect.any(String) },
    ]);
    expect(lookups(from)).toEqual([
      { status: 400, params: 'ids&tweet.fields' },
      { status: 200, params: 'ids&post.fields' },
    ]);
    const origin = new URL(emu.env().POSTCTL_API_URL!).origin;
    expect(first.stderr).toContain(
      `! names: ${origin} does not know tweet.fields and accepts post.fields: retrying once in the openapi v2.167 (post.fields) dialect, remembered for this origin`,
    );
    // Remembered in the cache directory, never in the config.
    const cache = join(emu.configDir, '.cache', 'postctl', 'dialects.json');
    expect(JSON.parse(readFileSync(cache, 'utf8'))).toEqual({ [origin]: 'post' });
    expect(existsSync(join(emu.configDir, 'config.json')) ? readFileSync(join(emu.configDir, 'config.json'), 'utf8') : '').not.toContain(
      'post',
    );

    from = emu.state.log.length;
    const second = await emu.run(['posts', 'lookup', '20', '--post-fields', 'created_at', '-o', 'json']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.json()).toEqual(first.json());
    expect(lookups(from)).toEqual([{ status: 200, params: 'ids&post.fields' }]);
  });

  it('field values and expansions are respelled too, and the reply is read in either spelling', async () => {
    const from = emu.state.log.length;
    const ids = Array.from({ length: 40 }, (_, i) => String(20 + i));
    const r = await emu.run([
      'posts',
      'lookup',
      ...ids,
      '--post-fields',
      'referenced_tweets',
      '--expansions',
      'referenced_tweets.id',
      '-o',
      'table',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const sent = emu.state.log.slice(from).filter((e) => e.path === '/2/tweets');
    expect(sent.map((e) => e.status)).toEqual([400, 200]);
    expect(Object.fromEntries(sent[1]!.query.filter(([k]) => k !== 'ids'))).toEqual({
      'post.fields': 'referenced_posts',
      expansions: 'referenced_posts.id',
    });
    // The references column reads referenced_posts (v2.167) as it reads referenced_tweets (v2.159).
    expect(r.stdout.split('\n')[0]).toMatch(/^id\s+references\s+text/);
    expect(r.stdout).toMatch(/replied_to \d+/);
  });

  it('a v2.159 server with a stale memory of v2.167: negotiated back in one retry', async () => {
    await emu.run(['posts', 'lookup', '20', '--post-fields', 'created_at', '-o', 'json']);
    emu.state.dialect = '2.159';
    const from = emu.state.log.length;
    const r = await emu.run(['posts', 'lookup', '20', '--post-fields', 'created_at', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(lookups(from)).toEqual([
      { status: 400, params: 'ids&post.fields' },
      { status: 200, params: 'ids&tweet.fields' },
    ]);
  });

  it('the admin switch turns the dialect on and off; a 400 of another kind is not retried', async () => {
    const api = emu.env().POSTCTL_API_URL!;
    const off = await fetch(`${api}/_emulator/dialect`, { method: 'POST', body: '{"dialect":"2.159"}' });
    expect(await off.json()).toEqual({ dialect: '2.159' });
    expect(emu.state.dialect).toBe('2.159');
    await fetch(`${api}/_emulator/dialect`, { method: 'POST', body: '{"dialect":"2.167"}' });
    const from = emu.state.log.length;
    const bad = await emu.run(['request', 'GET', '/2/tweets', '-f', 'ids=20', '-f', 'tweets.fields=id']);
    expect(bad.code).toBe(6);
    expect(lookups(from)).toEqual([{ status: 400, params: 'ids&tweets.fields' }]);
  });
});
