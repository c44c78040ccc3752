// `postctl request` on a streaming endpoint, through the built CLI against the
// emulator's filtered stream: lines reach stdout while the connection is still
// open (no buffering until the end), and --reconnect follows the stream with
// the reconnect rules of `stream connect` (a cut connection is resumed).
import { describe, expect, it } from 'vitest';
import { configureFilteredStream } from '../../src/emulator/routes/platform-stream.js';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator();
const connects = () => emu.state.requests('GET', /\/search\/stream$/);

describe('request on a streaming endpoint', () => {
  it('writes each line as it arrives: two posts are on stdout while the stream is still open; Ctrl-C ends it', async () => {
    await emu.run(['stream', 'rules', 'add', 'coffee']);
    configureFilteredStream(emu.state, { intervalMs: 30, keepAliveMs: 1000 });
    let seenOpen = 0;
    const r = await emu.run(['request', 'GET', '/2/tweets/search/stream'], {
      onSpawn: (child) => {
        let text = '';
        child.stdout!.on('data', (d: string) => {
          text += d;
          const lines = text.split('\n').filter((l) => l.trim());
          // Still connected: the request has not ended, yet its lines are here.
          if (lines.length >= 2 && !seenOpen) {
            seenOpen = emu.state.requests('GET', /\/search\/stream$/).filter((e) => e.status === 200).length;
            child.kill('SIGINT');
          }
        });
      },
    });
    expect(seenOpen).toBe(1);
    expect(r.code).toBe(130);
    const posts = r.stdout
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l));
    expect(posts.length).toBeGreaterThanOrEqual(2);
    expect(posts[0]).toMatchObject({ data: { id: expect.any(String), text: expect.stringContaining('coffee') } });
    // The table's auth: the filtered stream takes only the app's bearer token.
    expect(connects().map((e) => e.authScheme)).toEqual(['Bearer']);
  });

  it('--reconnect --limit: a cut connection is reconnected like stream connect, n lines, exit 0', async () => {
    await emu.run(['stream', 'rules', 'add', 'tea']);
    configureFilteredStream(emu.state, { intervalMs: 30, keepAliveMs: 1000 });
    emu.state.faults.add({ kind: 'cut', path: '/search/stream', afterEvents: 2 });
    const r = await emu.run(['request', 'GET', '/2/tweets/search/stream', '--reconnect', '--limit', '4']);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(4);
    for (const l of lines) expect(JSON.parse(l).data.text).toContain('tea');
    expect(connects()).toHaveLength(2);
    expect(r.stderr).toContain('stream disconnected (connection lost');
    expect(r.stderr).toContain('done: 4 lines, 1 reconnect');
  });

  it('--reconnect on a POST is a usage error before sending', async () => {
    const before = emu.state.log.length;
    const r = await emu.run(['request', 'POST', '/2/tweets/search/stream/rules', '--reconnect']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--reconnect follows GET streams only');
    expect(emu.state.log.length).toBe(before);
  });
});
