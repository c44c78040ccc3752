// `media upload` of a small image or subtitle file: ONE request (POST
// /2/media/upload, multipart/form-data) instead of initialize/append/finalize;
// --chunked, --resume, a GIF, a video and an image larger than one chunk take
// the chunked path. Counted from the emulator's request log, bytes compared
// with what the server holds. The request itself is checked against both
// descriptions in test/cli/contract.test.ts.
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LogEntry } from '../../src/emulator/state.js';
import { mediaSessions } from '../../src/emulator/routes/platform-media.js';
import { tempDir } from '../helpers/cli.js';
import { fileEmulator, type TestEmulator } from '../helpers/emulator.js';

const dir = tempDir('postctl-oneshot-');
const MiB = 1024 * 1024;
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

function file(name: string, size: number): { path: string; bytes: Buffer } {
  const bytes = randomBytes(size);
  if (name.endsWith('.png')) PNG_HEAD.copy(bytes, 0);
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return { path, bytes };
}

/** The media requests of one CLI run, as "METHOD path" with the media id replaced by {id}. */
async function runLogged(emu: TestEmulator, args: string[], env?: Record<string, string>) {
  const before = emu.state.log.length;
  const r = await emu.run(args, env ? { env } : {});
  const log = emu.state.log.slice(before).filter((e) => e.path.startsWith('/2/media'));
  const calls = log.map((e) => `${e.method} ${e.path.replace(/\/upload\/\d+\//, '/upload/{id}/')}`);
  return { r, log, calls };
}

/** A text field of a logged multipart body. */
const formField = (e: LogEntry, name: string) => new RegExp(`name="${name}"\\r\\n\\r\\n([^\\r]*)\\r\\n`).exec(e.body)?.[1];

const CHUNKED = ['POST /2/media/upload/initialize', 'POST /2/media/upload/{id}/append', 'POST /2/media/upload/{id}/finalize'];

// Sequential: each test counts the requests its run left in the shared emulator's log.
describe('media upload in one request', () => {
  const emu = fileEmulator();

  it('a small PNG: exactly one POST /2/media/upload, the server holds the exact bytes, no state file', async () => {
    const { path, bytes } = file('small.png', 40_000);
    const { r, log, calls } = await runLogged(emu, ['media', 'upload', path, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(calls).toEqual(['POST /2/media/upload']);
    expect(formField(log[0]!, 'media_category')).toBe('tweet_image');
    expect(formField(log[0]!, 'media_type')).toBe('image/png');
    const row = r.json().data[0];
    expect(row).toEqual({
      file: path,
      media_id: row.media_id,
      media_key: `3_${row.media_id}`,
      media_category: 'tweet_image',
      size: bytes.length,
      chunks: 1,
      chunks_sent: 1,
      state: 'succeeded',
    });
    expect(sha(mediaSessions(emu.state).get(row.media_id)!.bytes!)).toBe(sha(bytes));
    expect(existsSync(`${path}.postctl-state.json`)).toBe(false);
  });

  it('--chunked sends the same kind of file through initialize, append, finalize', async () => {
    const { path, bytes } = file('forced.png', 40_000);
    const { r, calls } = await runLogged(emu, ['media', 'upload', path, '--chunked', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(calls).toEqual(CHUNKED);
    expect(sha(mediaSessions(emu.state).get(r.json().data[0].media_id)!.bytes!)).toBe(sha(bytes));
  });

  it('--resume implies the chunked upload', async () => {
    const { path } = file('resumed.png', 1_000);
    const { r, calls } = await runLogged(emu, ['media', 'upload', path, '--resume']);
    expect(r.code, r.stderr).toBe(0);
    expect(calls).toEqual(CHUNKED);
  });

  it('a GIF and a video keep the chunked path (with STATUS polls)', async () => {
    const gif = file('anim.gif', 5_000);
    const video = file('tiny.mp4', 5_000);
    Buffer.from('\0\0\0\x18ftypmp42', 'latin1').copy(video.bytes, 0);
    writeFileSync(video.path, video.bytes);
    const { r, calls } = await runLogged(emu, ['media', 'upload', gif.path, video.path, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(calls.filter((c) => c === 'POST /2/media/upload')).toEqual([]);
    expect(calls.filter((c) => c === 'POST /2/media/upload/initialize')).toHaveLength(2);
    expect(calls.filter((c) => c === 'GET /2/media/upload').length).toBeGreaterThan(0);
    expect(r.json().data.map((d: { state: string }) => d.state)).toEqual(['succeeded', 'succeeded']);
  });

  it('a PNG larger than one chunk goes in chunks; with a larger --chunk-size it fits one request', async () => {
    const { path, bytes } = file('large.png', 2 * MiB + 1);
    const chunked = await runLogged(emu, ['media', 'upload', path, '-o', 'json']);
    expect(chunked.r.code, chunked.r.stderr).toBe(0);
    expect(chunked.calls).toEqual([CHUNKED[0], CHUNKED[1], CHUNKED[1], CHUNKED[2]]);
    const one = await runLogged(emu, ['media', 'upload', path, '--chunk-size', '3', '-o', 'json']);
    expect(one.r.code, one.r.stderr).toBe(0);
    expect(one.calls).toEqual(['POST /2/media/upload']);
    expect(sha(mediaSessions(emu.state).get(one.r.json().data[0].media_id)!.bytes!)).toBe(sha(bytes));
  });

  it('subs.srt: one request in the subtitles category, and `media subtitles add` takes its media id', async () => {
    const path = join(dir, 'subs.srt');
    writeFileSync(path, '1\n00:00:00,000 --> 00:00:01,000\nHello\n');
    const { r, log, calls } = await runLogged(emu, ['media', 'upload', path, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(calls).toEqual(['POST /2/media/upload']);
    expect(formField(log[0]!, 'media_category')).toBe('subtitles');
    expect(formField(log[0]!, 'media_type')).toBe('text/srt');
    const id = r.json().data[0].media_id;
    expect(r.json().data[0]).toMatchObject({ media_category: 'subtitles', chunks: 1, chunks_sent: 1 });
    const add = await emu.run(['media', 'subtitles', 'add', '1720000000000000007', '--subtitle-media-id', id, '--language', 'FR']);
    expect(add.code, add.stderr).toBe(0);
    expect(add.stdout).toContain(id);
  });

  it('--alt-text: the one upload, then POST /2/media/metadata', async () => {
    const { path } = file('alt.png', 3_000);
    const { r, calls } = await runLogged(emu, ['media', 'upload', path, '--alt-text', 'A red bicycle', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(calls).toEqual(['POST /2/media/upload', 'POST /2/media/metadata']);
    expect(mediaSessions(emu.state).get(r.json().data[0].media_id)!.alt_text).toBe('A red bicycle');
  });

  it('dm_image goes in one request too, and the table shows the row', async () => {
    const { path } = file('dm.png', 3_000);
    const { r, log, calls } = await runLogged(emu, ['media', 'upload', path, '--media-category', 'dm_image']);
    expect(r.code, r.stderr).toBe(0);
    expect(calls).toEqual(['POST /2/media/upload']);
    expect(formField(log[0]!, 'media_category')).toBe('dm_image');
    expect(r.stdout).toContain('dm_image');
    expect(r.stderr).toContain('1 of 1 chunks sent');
  });
});

describe.concurrent("the emulator's POST /2/media/upload: a JSON body and its own checks", () => {
  const emu = fileEmulator({ names: 'official' });
  let n = 0;
  /** The body as a JSON file (--input): a 7 MB base64 string would not fit on a command line. */
  const send = (body: Record<string, unknown>) => {
    const input = join(dir, `body-${n++}.json`);
    writeFileSync(input, JSON.stringify(body));
    return emu.run(['request', 'POST', '/2/media/upload', '--input', input]);
  };

  it('a JSON body with base64 media is stored as a finished upload with the exact bytes', async () => {
    const bytes = Buffer.concat([PNG_HEAD, randomBytes(500)]);
    const r = await send({ media: bytes.toString('base64'), media_category: 'dm_image' });
    expect(r.code, r.stderr).toBe(0);
    const data = JSON.parse(r.stdout).data;
    expect(data).toMatchObject({ media_key: `3_${data.id}`, size: bytes.length });
    const s = mediaSessions(emu.state).get(data.id)!;
    expect({ type: s.media_type, category: s.media_category, sha: sha(s.bytes!) }).toEqual({
      type: 'image/png',
      category: 'dm_image',
      sha: sha(bytes),
    });
  });

  it.each([
    ['no media', { media_category: 'tweet_image' }, 'The media field is required'],
    ['a category outside the one-shot enum', { media: 'AAAA', media_category: 'tweet_video' }, 'media_category must be one of'],
    ['the neutral name on an official-only server', { media: 'AAAA', media_category: 'post_image' }, 'media_category must be one of'],
    [
      'a type its category does not take',
      { media: 'AAAA', media_category: 'subtitles', media_type: 'image/png' },
      'image/png is not allowed for media_category subtitles',
    ],
    ['a type outside the enum', { media: 'AAAA', media_category: 'tweet_image', media_type: 'image/gif' }, 'media_type must be one of'],
    [
      'an image over 5 MiB',
      { media: Buffer.alloc(5 * MiB + 1).toString('base64'), media_category: 'tweet_image', media_type: 'image/png' },
      'allows 5242880',
    ],
    ['an unknown field', { media: 'AAAA', media_category: 'tweet_image', command: 'INIT' }, 'Unknown field [command]'],
  ])('refuses %s (400, exit 6)', async (_name, body, message) => {
    const r = await send(body);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain(message);
  });
});

describe('media upload in one request: neutral names', () => {
  const emu = fileEmulator({ names: 'neutral' });

  it("sends the spec's post_image and prints it", async () => {
    const { path, bytes } = file('neutral.png', 2_000);
    const { r, log, calls } = await runLogged(emu, ['media', 'upload', path, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(calls).toEqual(['POST /2/media/upload']);
    expect(formField(log[0]!, 'media_category')).toBe('post_image');
    expect(r.json().data[0].media_category).toBe('post_image');
    expect(sha(mediaSessions(emu.state).get(r.json().data[0].media_id)!.bytes!)).toBe(sha(bytes));
  });

  it('refused by the server (the live tweet_image is not in its enum): its 400 is exit 6, nothing printed on stdout', async () => {
    const { path } = file('refused.png', 2_000);
    const { r, log } = await runLogged(emu, ['media', 'upload', path, '-o', 'json'], { POSTCTL_API_NAMES: 'official' });
    expect(r.code).toBe(6);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('media_category must be one of post_image, dm_image, subtitles');
    expect(log.map((e) => `${e.method} ${e.path} ${e.status}`)).toEqual(['POST /2/media/upload 400']);
  });
});
