// `media subtitles add|delete` through the built CLI against the emulator: add
// with --file uploads the SRT (category subtitles) then associates it, add with
// --subtitle-media-id associates an uploaded one, delete removes one language
// (the emulator's state shows each); the neutral wire-name style sends PostVideo;
// an OAuth 2.0 login without media.write is refused (exit 3); bad input is
// refused before anything is sent (exit 6, zero requests), and delete asks on a
// terminal and needs --yes when not interactive (exit 2).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mediaSessions } from '../../src/emulator/routes/platform-media.js';
import {
  EMU_AMPLIFY_VIDEO,
  EMU_SUBTITLE_FILE,
  EMU_SUBTITLED_VIDEO,
  subtitleTracks,
} from '../../src/emulator/routes/platform-media-subtitles.js';
import { tempDir } from '../helpers/cli.js';
import { fileEmulator } from '../helpers/emulator.js';
import { oauth2Only } from '../helpers/oauth2.js';
import { terminal } from '../helpers/terminal.js';

const dir = tempDir('postctl-subtitles-');
const SRT = join(dir, 'subs.srt');
writeFileSync(SRT, '1\n00:00:00,000 --> 00:00:02,000\nHello\n');
const MP4 = join(dir, 'clip.mp4');
writeFileSync(MP4, Buffer.concat([Buffer.from('\0\0\0\x18ftypmp42', 'latin1'), Buffer.alloc(4084, 1)]));
writeFileSync(join(dir, 'notes.txt'), 'not subtitles\n');

describe.concurrent('media subtitles add and delete', () => {
  const emu = fileEmulator();
  const sentBodies = (id: string) =>
    emu.state
      .requests(undefined, '/2/media/subtitles')
      .filter((e) => e.body.includes(`"id":"${id}"`))
      .map((e) => ({ method: e.method, body: JSON.parse(e.body) }));

  it('--file: uploads the SRT as subtitles, then adds it to an uploaded video; the server holds the track', async () => {
    const up = await emu.run(['media', 'upload', MP4, '-o', 'json']);
    expect(up.code, up.stderr).toBe(0);
    const video = up.json().data[0].media_id as string;
    const r = await emu.run(['media', 'subtitles', 'add', video, '--file', SRT, '--language', 'en', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const data = r.json().data;
    const fileId = data.associated_subtitles[0].id as string;
    expect(data).toEqual({
      id: video,
      media_category: 'TweetVideo',
      associated_subtitles: [{ id: fileId, language_code: 'EN', display_name: 'English' }],
    });
    const file = mediaSessions(emu.state).get(fileId)!;
    expect(file).toMatchObject({ media_category: 'subtitles', media_type: 'text/srt' });
    expect(file.bytes!.equals(readFileSync(SRT))).toBe(true);
    expect(subtitleTracks(emu.state, video).get('EN')).toEqual({ id: fileId, language_code: 'EN', display_name: 'English' });
    expect(sentBodies(video)).toEqual([
      {
        method: 'POST',
        body: { id: video, media_category: 'TweetVideo', subtitles: { id: fileId, language_code: 'EN', display_name: 'English' } },
      },
    ]);
    expect(r.stderr).toContain(`uploaded as media ${fileId}`);
  });

  it('--subtitle-media-id with an amplify video: one POST, the track in a table', async () => {
    const r = await emu.run([
      'media',
      'subtitles',
      'add',
      EMU_AMPLIFY_VIDEO,
      '--subtitle-media-id',
      EMU_SUBTITLE_FILE,
      '--language',
      'FR',
      '--display-name',
      'Français',
      '--media-category',
      'amplify_video',
      '-o',
      'table',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/media_id\s+language_code\s+display_name\s+subtitle_media_id/);
    expect(r.stdout).toMatch(new RegExp(`${EMU_AMPLIFY_VIDEO}\\s+FR\\s+Français\\s+${EMU_SUBTITLE_FILE}`));
    expect(subtitleTracks(emu.state, EMU_AMPLIFY_VIDEO).get('FR')).toEqual({
      id: EMU_SUBTITLE_FILE,
      language_code: 'FR',
      display_name: 'Français',
    });
    expect(sentBodies(EMU_AMPLIFY_VIDEO).filter((b) => b.body.subtitles?.language_code === 'FR')).toEqual([
      {
        method: 'POST',
        body: {
          id: EMU_AMPLIFY_VIDEO,
          media_category: 'AmplifyVideo',
          subtitles: { id: EMU_SUBTITLE_FILE, language_code: 'FR', display_name: 'Français' },
        },
      },
    ]);
  });

  it('delete --yes removes the track of one language (DELETE with a JSON body); the server no longer has it', async () => {
    expect(subtitleTracks(emu.state, EMU_SUBTITLED_VIDEO).has('EN')).toBe(true);
    const r = await emu.run(['media', 'subtitles', 'delete', EMU_SUBTITLED_VIDEO, '--language', 'EN', '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toEqual({ data: { deleted: true } });
    expect(subtitleTracks(emu.state, EMU_SUBTITLED_VIDEO).has('EN')).toBe(false);
    const sent = emu.state.requests('DELETE', '/2/media/subtitles').filter((e) => e.body.includes('"EN"'));
    expect(sent.map((e) => JSON.parse(e.body))).toEqual([{ id: EMU_SUBTITLED_VIDEO, language_code: 'EN', media_category: 'TweetVideo' }]);
  });

  it('delete of a language the video does not carry: the API says not found (exit 4)', async () => {
    const r = await emu.run([
      'media',
      'subtitles',
      'delete',
      EMU_AMPLIFY_VIDEO,
      '--language',
      'ja',
      '--media-category',
      'AmplifyVideo',
      '--yes',
    ]);
    expect(r.code).toBe(4);
    expect(r.stderr).toContain('Could not find subtitles with language_code: [JA]');
  });

  it('a category the video was not uploaded with: the API refuses it (exit 6)', async () => {
    const r = await emu.run(['media', 'subtitles', 'add', EMU_AMPLIFY_VIDEO, '--subtitle-media-id', EMU_SUBTITLE_FILE, '--language', 'IT']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain(`Media [${EMU_AMPLIFY_VIDEO}] is not a TweetVideo upload`);
    expect(subtitleTracks(emu.state, EMU_AMPLIFY_VIDEO).has('IT')).toBe(false);
  });

  it("POSTCTL_API_NAMES=neutral sends the spec's PostVideo, and the answer is read back", async () => {
    const r = await emu.run(
      ['media', 'subtitles', 'add', EMU_SUBTITLED_VIDEO, '--subtitle-media-id', EMU_SUBTITLE_FILE, '--language', 'DE', '-o', 'json'],
      { env: { POSTCTL_API_NAMES: 'neutral' } },
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data.media_category).toBe('PostVideo');
    const sent = sentBodies(EMU_SUBTITLED_VIDEO).filter((b) => b.body.subtitles?.language_code === 'DE');
    expect(sent.map((b) => b.body.media_category)).toEqual(['PostVideo']);
    expect(subtitleTracks(emu.state, EMU_SUBTITLED_VIDEO).get('DE')?.display_name).toBe('German');
  });

  it('an OAuth 2.0 login without media.write: exit 3 naming the scope, nothing sent; with it, the add goes out with Bearer', async () => {
    const bare = await oauth2Only(emu, 'tweet.read,users.read,offline.access');
    const r = await bare.run([
      'media',
      'subtitles',
      'add',
      EMU_AMPLIFY_VIDEO,
      '--subtitle-media-id',
      EMU_SUBTITLE_FILE,
      '--language',
      'PT',
    ]);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('lacks the scope media.write');
    const full = await oauth2Only(emu, 'tweet.read,users.read,media.write,offline.access');
    const ok = await full.run([
      'media',
      'subtitles',
      'add',
      EMU_AMPLIFY_VIDEO,
      '--subtitle-media-id',
      EMU_SUBTITLE_FILE,
      '--language',
      'NL',
      '--media-category',
      'AmplifyVideo',
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    const sent = emu.state.requests('POST', '/2/media/subtitles').filter((e) => /"(PT|NL)"/.test(e.body));
    expect(sent.map((e) => `${e.authScheme} ${e.status}`)).toEqual(['Bearer 200']);
  });
});

describe.concurrent('media subtitles delete on a terminal', () => {
  const emu = fileEmulator();
  const args = ['media', 'subtitles', 'delete', EMU_AMPLIFY_VIDEO, '--language', 'es', '--media-category', 'amplify_video'];
  const deletes = () => emu.state.requests('DELETE', '/2/media/subtitles').length;

  it('asks y/N: n sends nothing; y deletes', async () => {
    const no = terminal(args, emu.cliEnv() as Record<string, string>);
    await no.expect(/Delete the ES subtitles of media 1720000000000000013\?/);
    no.type('n\r');
    expect(await no.exit).toBe(0);
    expect(deletes()).toBe(0);
    expect(subtitleTracks(emu.state, EMU_AMPLIFY_VIDEO).has('ES')).toBe(true);
    const yes = terminal(args, emu.cliEnv() as Record<string, string>);
    await yes.expect(/Delete the ES subtitles/);
    yes.type('y\r');
    expect(await yes.exit).toBe(0);
    expect(deletes()).toBe(1);
    expect(subtitleTracks(emu.state, EMU_AMPLIFY_VIDEO).has('ES')).toBe(false);
  });
});

describe.concurrent('media subtitles against a server that serves only the neutral names', () => {
  const emu = fileEmulator({ names: 'neutral' });
  const add = ['media', 'subtitles', 'add', EMU_SUBTITLED_VIDEO, '--subtitle-media-id', EMU_SUBTITLE_FILE, '-o', 'json'];

  it("the live name TweetVideo is not in that server's enum (its 400: exit 6)", async () => {
    // The neutral server's env selects the neutral style: ask for the live names explicitly.
    const r = await emu.run([...add, '--language', 'SV'], { env: { POSTCTL_API_NAMES: 'official' } });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('media_category must be one of AmplifyVideo, PostVideo');
  });

  it("with POSTCTL_API_NAMES=neutral (set by that server's env, and here explicitly) the add succeeds", async () => {
    const r = await emu.run([...add, '--language', 'FI'], { env: { POSTCTL_API_NAMES: 'neutral' } });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toMatchObject({ media_category: 'PostVideo', id: EMU_SUBTITLED_VIDEO });
  });
});

describe.concurrent('media subtitles: refused before anything is sent', () => {
  const emu = fileEmulator();
  const refused = async (args: string[], code: number, ...texts: string[]) => {
    const r = await emu.run(['media', 'subtitles', ...args]);
    expect(r.code, r.stderr).toBe(code);
    for (const t of texts) expect(r.stderr).toContain(t);
    // Nothing in this block sends: the emulator's log stays empty.
    expect(emu.state.log).toEqual([]);
  };
  const add = (...more: string[]) => ['add', EMU_SUBTITLED_VIDEO, '--subtitle-media-id', EMU_SUBTITLE_FILE, ...more];

  it('a language code that is not two letters: exit 6 naming language_code', () =>
    refused(add('--language', 'ENG'), 6, 'language_code', 'two letters'));
  it('a media id that is not 1 to 19 digits: exit 6 naming media_id', () =>
    refused(['add', '12ab', '--subtitle-media-id', EMU_SUBTITLE_FILE, '--language', 'EN'], 6, 'media_id'));
  it('a subtitle media id that is not digits: exit 6 naming subtitles.id', () =>
    refused(['add', EMU_SUBTITLED_VIDEO, '--subtitle-media-id', 'x1', '--language', 'EN'], 6, 'subtitles.id'));
  it('a category outside the enum: exit 6 naming media_category and the choices', () =>
    refused(add('--language', 'EN', '--media-category', 'dm_video'), 6, 'media_category', 'TweetVideo', 'AmplifyVideo'));
  it('a language code without a known name and no --display-name: exit 6 naming display_name', () =>
    refused(add('--language', 'QX'), 6, 'display_name', '--display-name'));
  it('an empty display name: exit 6', () => refused(add('--language', 'EN', '--display-name', ' '), 6, 'display_name'));
  it('every problem at once', () =>
    refused(
      ['add', 'v1', '--subtitle-media-id', EMU_SUBTITLE_FILE, '--language', 'E1', '--media-category', 'x'],
      6,
      'invalid subtitles: 3 problems',
    ));
  it('--file that is not a subtitle file: exit 6 naming the media type', () =>
    refused(['add', EMU_SUBTITLED_VIDEO, '--file', join(dir, 'notes.txt'), '--language', 'EN'], 6, 'media_type'));
  it('--file that does not exist: exit 6', () =>
    refused(['add', EMU_SUBTITLED_VIDEO, '--file', join(dir, 'nosuch.srt'), '--language', 'EN'], 6, 'cannot read it'));
  it('neither --file nor --subtitle-media-id, or both: exit 2', async () => {
    await refused(['add', EMU_SUBTITLED_VIDEO, '--language', 'EN'], 2, 'one of them');
    await refused(
      ['add', EMU_SUBTITLED_VIDEO, '--file', SRT, '--subtitle-media-id', EMU_SUBTITLE_FILE, '--language', 'EN'],
      2,
      'one of them',
    );
  });
  it('no --language: exit 2', () => refused(['delete', EMU_SUBTITLED_VIDEO, '--yes'], 2, '--language is required'));
  it('delete a bad language: exit 6', () => refused(['delete', EMU_SUBTITLED_VIDEO, '--language', 'e', '--yes'], 6, 'language_code'));
  it('delete without --yes when not interactive: exit 2, asks for --yes', () =>
    refused(['delete', EMU_SUBTITLED_VIDEO, '--language', 'EN'], 2, 'confirmation needed', 'pass --yes'));
});

// Scripted answers (the emulator's `reply` fault), one test at a time: a fault is taken by the next matching request.
describe('media subtitles: answers that are not what the description promises', () => {
  const emu = fileEmulator();
  const reply = (method: string, body: unknown) =>
    emu.state.faults.add({ method, path: '/2/media/subtitles', kind: 'reply', status: 200, body: JSON.stringify(body) });
  const add = ['media', 'subtitles', 'add', EMU_SUBTITLED_VIDEO, '--subtitle-media-id', EMU_SUBTITLE_FILE, '--language', 'FR'];
  const del = ['media', 'subtitles', 'delete', EMU_SUBTITLED_VIDEO, '--language', 'EN', '--yes'];

  it('an add answer about another video: exit 7, nothing printed as the result', async () => {
    reply('POST', { data: { id: '99', media_category: 'TweetVideo', associated_subtitles: [] } });
    const r = await emu.run([...add, '-o', 'json']);
    expect(r.code).toBe(7);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('is about media 99, not media 1720000000000000007');
  });

  it('--file, then the add fails: the error says the file is uploaded and how to retry without sending it again', async () => {
    emu.state.faults.add({ method: 'POST', path: '/2/media/subtitles', kind: 'status', status: 503, times: 5 });
    const before = emu.state.log.length;
    const r = await emu.run(['media', 'subtitles', 'add', EMU_SUBTITLED_VIDEO, '--file', SRT, '--language', 'FR']);
    expect(r.code).toBe(7);
    const id = /uploaded as media (\d+)/.exec(r.stderr)?.[1];
    expect(id).toBeDefined();
    expect(r.stderr).toContain(`retry with --subtitle-media-id ${id}`);
    // A POST is not retried on 5xx: one association attempt.
    expect(emu.state.log.slice(before).filter((e) => e.path === '/2/media/subtitles')).toHaveLength(1);
  });

  it('an add answer without associated_subtitles: exit 7', async () => {
    reply('POST', { data: { id: EMU_SUBTITLED_VIDEO, media_category: 'TweetVideo' } });
    const r = await emu.run(add);
    expect(r.code).toBe(7);
    expect(r.stderr).toContain('no associated_subtitles');
  });

  it('a single track object (v2.167 calls the field an object) is read as one track; control characters are neutralised', async () => {
    reply('POST', {
      data: {
        id: EMU_SUBTITLED_VIDEO,
        media_category: 'TweetVideo',
        associated_subtitles: { id: '5', language_code: 'FR', display_name: 'Fr\u001b[31mench' },
      },
    });
    const r = await emu.run([...add, '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/1720000000000000007\s+FR\s+Fr.*ench\s+5/);
    expect(r.stdout).not.toContain('\u001b');
  });

  it('a delete answer without a boolean deleted: exit 7; deleted: false is printed, then exit 1', async () => {
    reply('DELETE', { data: { deleted: 'yes' } });
    const bad = await emu.run(del);
    expect(bad.code).toBe(7);
    expect(bad.stderr).toContain('no data.deleted');
    reply('DELETE', { data: { deleted: false } });
    const no = await emu.run([...del, '-o', 'json']);
    expect(no.code).toBe(1);
    expect(no.json()).toEqual({ data: { deleted: false } });
    expect(no.stderr).toContain('answered deleted: false');
  });
});
