// `media upload`: chunked initialize/append/finalize against the emulator,
// byte-exact (sha256 of the server's bytes), processing states for video,
// alt text, resume after SIGKILL sending only the missing chunks, the checks
// that refuse a file before anything is sent (exit 6, zero requests), and the
// chain into `ads media-library add`.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaSessions } from '../../src/emulator/routes/platform-media.js';
import { tempDir } from '../helpers/cli.js';
import { fileEmulator } from '../helpers/emulator.js';

const emu = fileEmulator();
const dir = tempDir('postctl-media-');
const MiB = 1024 * 1024;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A file of `size` random bytes; videos get an mp4 header (ftyp box) unless `bare`. */
function file(name: string, size: number, bare = false): { path: string; bytes: Buffer } {
  const bytes = randomBytes(size);
  if (name.endsWith('.mp4') && !bare) Buffer.from('\0\0\0\x18ftypmp42', 'latin1').copy(bytes, 0);
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return { path, bytes };
}

const mediaRequests = () => emu.state.requests(undefined, '/2/media');
/** segment_index of each append the emulator took (an append cut off by the kill, with no body yet, is left out). */
const appendIndexes = (from = 0) =>
  emu.state
    .requests('POST', '/append')
    .slice(from)
    .flatMap((e) => {
      const m = /name="segment_index"\r\n\r\n(\d+)/.exec(e.body);
      return m ? [Number(m[1])] : [];
    });

describe('media upload', () => {
  it('uploads a 3 MB video in 2 chunks; the server holds exactly the file (sha256); waits through processing', async () => {
    const { path, bytes } = file('clip.mp4', 3 * MiB + 12_345);
    const before = emu.state.log.length;
    const r = await emu.run(['media', 'upload', path, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const [row] = r.json().data;
    expect(row).toMatchObject({ file: path, media_category: 'tweet_video', chunks: 2, chunks_sent: 2, state: 'succeeded' });
    expect(row.media_key).toBe(`7_${row.media_id}`);
    const s = mediaSessions(emu.state).get(row.media_id)!;
    expect(s.bytes!.length).toBe(bytes.length);
    expect(sha(s.bytes!)).toBe(sha(bytes));
    const log = emu.state.log.slice(before);
    expect(log.filter((e) => e.path.endsWith('/append')).length).toBe(2);
    expect(log.filter((e) => e.path === '/2/media/upload/initialize')[0]!.body).toBe(
      JSON.stringify({ media_type: 'video/mp4', total_bytes: bytes.length, media_category: 'tweet_video' }),
    );
    // pending → in_progress → succeeded: two STATUS polls after finalize.
    expect(log.filter((e) => e.method === 'GET' && e.path === '/2/media/upload').map((e) => e.query)).toEqual([
      [
        ['command', 'STATUS'],
        ['media_id', row.media_id],
      ],
      [
        ['command', 'STATUS'],
        ['media_id', row.media_id],
      ],
    ]);
    expect(r.stderr).toContain('in_progress');
    // Finished: the state is a "done" marker, so a --resume sends nothing and says so.
    expect(JSON.parse(readFileSync(`${path}.postctl-state.json`, 'utf8')).done).toBe(true);
    const again = await emu.run(['media', 'upload', path, '--resume', '-o', 'json']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.json().data[0]).toMatchObject({ media_id: row.media_id, chunks_sent: 0, state: 'finalized' });
    expect(again.stderr).toContain(`nothing to send: media ${row.media_id} was finalized at`);
    expect(emu.state.log.length - before).toBe(log.length);
    console.log(`3 MB upload: ${bytes.length} bytes in 2 appends, server sha256 ${sha(s.bytes!).slice(0, 16)}… matches`);
  });

  it('--chunk-size 1 sends 4 chunks of at most 1 MiB; the table shows media id and key', async () => {
    const { path, bytes } = file('four.mp4', 3 * MiB + 1);
    const mark = emu.state.requests('POST', '/append').length;
    const r = await emu.run(['media', 'upload', path, '--chunk-size', '1', '--no-wait']);
    expect(r.code, r.stderr).toBe(0);
    expect(appendIndexes(mark)).toEqual([0, 1, 2, 3]);
    const id = /\b(\d{10,19})\b/.exec(r.stdout)?.[1];
    expect(id, r.stdout).toBeDefined();
    expect(r.stdout).toContain(`7_${id}`);
    expect(sha(mediaSessions(emu.state).get(id!)!.bytes!)).toBe(sha(bytes));
    expect(r.stdout).toContain('pending');
  });

  it('--wait (the default, given explicitly) polls STATUS until succeeded', async () => {
    const { path } = file('wait.gif', 3_000);
    const mark = emu.state.requests('GET', '/2/media/upload').length;
    const r = await emu.run(['media', 'upload', path, '--wait', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data[0]).toMatchObject({ media_category: 'tweet_gif', state: 'succeeded' });
    expect(emu.state.requests('GET', '/2/media/upload').length - mark).toBe(2);
  });

  it('--no-wait prints right after finalize with state pending and sends no STATUS', async () => {
    const { path } = file('nowait.mp4', 200_000);
    const mark = emu.state.log.length;
    const r = await emu.run(['media', 'upload', path, '--no-wait', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data[0].state).toBe('pending');
    expect(emu.state.log.slice(mark).filter((e) => e.method === 'GET')).toEqual([]);
  });

  it('an image needs no processing; --alt-text goes to /2/media/metadata', async () => {
    const { path } = file('photo.jpg', 300_000);
    const r = await emu.run(['media', 'upload', path, '--alt-text', 'A red bicycle', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const row = r.json().data[0];
    expect(row).toMatchObject({ media_category: 'tweet_image', chunks: 1, state: 'succeeded' });
    expect(row.media_key).toBe(`3_${row.media_id}`);
    const meta = emu.state.requests('POST', '/2/media/metadata').at(-1)!;
    expect(JSON.parse(meta.body)).toEqual({ id: row.media_id, metadata: { alt_text: { text: 'A red bicycle' } } });
    expect(mediaSessions(emu.state).get(row.media_id)!.alt_text).toBe('A red bicycle');
  });

  it('--media-category amplify_video and --media-type for an unknown extension', async () => {
    const { path } = file('launch.bin', 150_000);
    Buffer.from('\0\0\0\x18ftypisom', 'latin1').copy(readFileSync(path));
    writeFileSync(path, Buffer.concat([Buffer.from('\0\0\0\x18ftypisom', 'latin1'), readFileSync(path).subarray(12)]));
    const r = await emu.run(['media', 'upload', path, '--media-type', 'video/mp4', '--media-category', 'amplify_video', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const row = r.json().data[0];
    expect(row).toMatchObject({ media_category: 'amplify_video', state: 'succeeded' });
    expect(row.media_key).toBe(`13_${row.media_id}`);
  });

  it('--media-category in the neutral spelling (post_image) goes on the wire in the official one', async () => {
    const { path } = file('neutral.png', 1_000);
    const mark = emu.state.requests('POST', /^\/2\/media\/upload$/).length;
    const r = await emu.run(['media', 'upload', path, '--media-category', 'post_image', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    // A small image goes up in one request (media-upload-oneshot.test.ts): the category is a form field.
    const body = emu.state.requests('POST', /^\/2\/media\/upload$/)[mark]!.body;
    expect(/name="media_category"\r\n\r\n([^\r]*)\r\n/.exec(body)?.[1]).toBe('tweet_image');
    expect(r.json().data[0].media_category).toBe('tweet_image');
  });

  it('--verbose shows an append body as its size, not its bytes', async () => {
    const { path } = file('verbose.png', 2_000);
    const r = await emu.run(['media', 'upload', path, '--verbose']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/> \(\d+ bytes of multipart\/form-data\)/);
    expect(r.stderr).not.toContain('name="media"');
  });

  it("processing that fails is exit 6 with the service's reason", async () => {
    const { path } = file('broken.mp4', 100_000, true);
    const r = await emu.run(['media', 'upload', path]);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('could not process');
    expect(r.stderr).toContain('ftyp');
  });

  it('killed (SIGKILL) after the first chunk is confirmed, --resume sends only the chunks not confirmed', async () => {
    const { path, bytes } = file('resume.mp4', 3 * MiB + 777);
    const statePath = `${path}.postctl-state.json`;
    const args = ['media', 'upload', path, '--chunk-size', '1', '--no-wait', '-o', 'json'];
    // Slow every append after the first, so the kill lands while chunk 1 is in flight.
    emu.state.faults.add({ kind: 'latency', method: 'POST', path: '/append', after: 1, latencyMs: 5000, times: 1 });
    const mark = emu.state.requests('POST', '/append').length;
    const first = await emu.run(args, {
      onSpawn: (child) => {
        void (async () => {
          for (;;) {
            const saved = existsSync(statePath) ? JSON.parse(readFileSync(statePath, 'utf8')) : undefined;
            if (saved?.confirmed === '0') break;
            await sleep(5);
          }
          child.kill('SIGKILL');
        })();
      },
    });
    expect(first.signal).toBe('SIGKILL');
    const saved = JSON.parse(readFileSync(statePath, 'utf8'));
    expect(saved.confirmed).toBe('0');
    const mediaId = saved.extra.media_id as string;
    const killedRun = appendIndexes(mark);
    expect(killedRun[0]).toBe(0);
    emu.state.faults.clear();

    const mark2 = emu.state.requests('POST', '/append').length;
    const inits = emu.state.requests('POST', '/initialize').length;
    const second = await emu.run([...args, '--resume']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain(`resuming media ${mediaId}`);
    const resent = appendIndexes(mark2);
    expect(resent).toEqual([1, 2, 3]);
    expect(emu.state.requests('POST', '/initialize').length).toBe(inits);
    const row = second.json().data[0];
    expect(row).toMatchObject({ media_id: mediaId, chunks: 4, chunks_sent: 3 });
    expect(sha(mediaSessions(emu.state).get(mediaId)!.bytes!)).toBe(sha(bytes));
    expect(JSON.parse(readFileSync(statePath, 'utf8')).done).toBe(true);
    console.log(
      `kill + resume: killed run sent segments [${killedRun.join(',')}] (state confirmed "0"); resumed run sent [${resent.join(',')}]; server sha256 matches`,
    );
  });

  it('--resume refuses a file that changed since the saved upload (exit 2, nothing sent)', async () => {
    const { path } = file('changed.mp4', 2 * MiB + 10);
    const statePath = `${path}.postctl-state.json`;
    writeFileSync(
      statePath,
      JSON.stringify({
        version: 1,
        input: { path, size: 1, mtime_ms: 1 },
        options: {},
        options_hash: 'x',
        confirmed: '0',
        confirmed_count: 1,
        extra: { media_id: '1' },
      }),
    );
    const mark = mediaRequests().length;
    const r = await emu.run(['media', 'upload', path, '--resume']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('the input changed');
    expect(mediaRequests().length).toBe(mark);
  });

  it('--state names the state file', async () => {
    const { path } = file('named.png', 10_000);
    const state = join(dir, 'named-state.json');
    const r = await emu.run(['media', 'upload', path, '--state', state, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(state, 'utf8')).done).toBe(true);
    const two = await emu.run(['media', 'upload', path, path, '--state', state]);
    expect(two.code).toBe(2);
  });

  it('several files: one row each', async () => {
    const a = file('a.png', 5_000);
    const b = file('b.gif', 6_000);
    const r = await emu.run(['media', 'upload', a.path, b.path, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data.map((d: { media_category: string }) => d.media_category)).toEqual(['tweet_image', 'tweet_gif']);
  });

  describe('bad input: exit 6, nothing sent', () => {
    const big = () => file('big.jpg', 5 * MiB + 1).path;
    const cases: Array<[string, () => string[], string, string]> = [
      ['unknown extension', () => [file('notes.xyz', 10).path], 'media_type', 'cannot tell the media type'],
      ['image over 5 MB', () => [big()], 'total_bytes', 'at most 5,242,880 bytes'],
      ['GIF as tweet_image', () => [file('loop.gif', 10).path, '--media-category', 'tweet_image'], 'media_category', 'tweet_image takes'],
      ['unknown category', () => [file('x.png', 10).path, '--media-category', 'poster'], 'media_category', 'must be one of'],
      ['unknown media type', () => [file('x.png', 10).path, '--media-type', 'image/heic'], 'media_type', 'must be one of'],
      ['empty file', () => [file('empty.png', 0).path], 'total_bytes', 'the file is empty'],
      ['chunk size 6', () => [file('c.mp4', 10).path, '--chunk-size', '6'], 'chunk_size', 'must be a whole number of MiB from 1 to 5'],
      [
        'alt text over 1000',
        () => [file('alt.png', 10).path, '--alt-text', 'x'.repeat(1001)],
        'alt_text',
        'must be at most 1000 characters',
      ],
      ['missing file', () => [join(dir, 'nope.png')], 'file', 'cannot read it (ENOENT)'],
    ];
    for (const [name, args, field, message] of cases) {
      it(name, async () => {
        const mark = mediaRequests().length;
        const r = await emu.run(['media', 'upload', ...args()]);
        expect(r.code, r.stderr).toBe(6);
        expect(r.stderr).toMatch(new RegExp(`error: ${field}, id [^:]+: `));
        expect(r.stderr).toContain(message);
        expect(mediaRequests().length).toBe(mark);
      });
    }
    it('one bad file among good ones: nothing is sent for any of them', async () => {
      const mark = mediaRequests().length;
      const r = await emu.run(['media', 'upload', file('ok.png', 10).path, file('bad.xyz', 10).path]);
      expect(r.code).toBe(6);
      expect(mediaRequests().length).toBe(mark);
    });
  });

  it('the printed media key goes straight into ads media-library add', async () => {
    const { path } = file('hero.jpg', 20_000);
    const up = await emu.run(['media', 'upload', path, '-o', 'json']);
    expect(up.code, up.stderr).toBe(0);
    const key = up.json().data[0].media_key as string;
    const add = await emu.run(['ads', 'media-library', 'add', key, '--name', 'Hero image', '--account', '18ce54d4x5t', '-o', 'json']);
    expect(add.code, add.stderr).toBe(0);
    expect(add.json().data).toMatchObject({ media_key: key, media_type: 'IMAGE', name: 'Hero image' });

    const video = file('preroll.mp4', 50_000);
    const v = await emu.run(['media', 'upload', video.path, '--media-category', 'amplify_video', '-o', 'json']);
    const vkey = v.json().data[0].media_key as string;
    const addVideo = await emu.run([
      'ads',
      'media-library',
      'add',
      vkey,
      '--name',
      'Pre-roll',
      '--title',
      'Launch',
      '--account',
      '18ce54d4x5t',
      '-o',
      'json',
    ]);
    expect(addVideo.code, addVideo.stderr).toBe(0);
    expect(addVideo.json().data).toMatchObject({ media_key: vkey, media_category: 'AMPLIFY_VIDEO' });
  });
});
