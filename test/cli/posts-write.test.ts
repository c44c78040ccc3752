// `postctl posts create | edit | delete` through the built CLI against the
// emulator with the official names (/2/tweets): the JSON body sent is exactly
// the flags given, bad input is exit 6 with nothing sent, edits respect the
// window and the edit count, deletes confirm.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileEmulator } from '../helpers/emulator.js';
import { tempDir } from '../helpers/cli.js';
import { postingState } from '../../src/emulator/routes/platform-posting.js';

const emu = fileEmulator();

const writes = () => emu.state.requests(undefined, /^\/2\/(tweets|posts)(\/|$)/).filter((e) => e.method !== 'GET');
const allPosting = () => emu.state.requests(undefined, /^\/2\/(tweets|posts)/);
const lastBody = () => JSON.parse(emu.state.requests('POST', '/2/tweets').at(-1)!.body);

async function rejects(args: string[], field: string, input?: string) {
  const before = allPosting().length;
  const r = await emu.run(args, input === undefined ? {} : { input });
  expect(r.code, r.stderr).toBe(6);
  expect(r.stderr).toContain(field);
  expect(allPosting().length).toBe(before);
  return r;
}

describe('postctl posts create', () => {
  it('sends exactly the flags given and prints the new id', async () => {
    const r = await emu.run(['posts', 'create', '--text', 'Hello from postctl', '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^\d{1,19}\n$/);
    const sent = emu.state.requests('POST', '/2/tweets').at(-1)!;
    expect(sent.path).toBe('/2/tweets');
    expect(sent.auth).toBe('user');
    expect(JSON.parse(sent.body)).toEqual({ text: 'Hello from postctl' });
    expect(postingState(emu.state).posts.get(r.stdout.trim())!.text).toBe('Hello from postctl');
  });

  it('every option maps to its official body field, nothing more', async () => {
    const r = await emu.run([
      'posts',
      'create',
      '--text',
      'all flags',
      '--reply-to',
      '1460323737035677698',
      '--quote',
      '1293593516040269825',
      '--reply-settings',
      'mentionedUsers',
      '--community',
      '1493446837214187523',
      '--paid-partnership',
      '--share-with-followers',
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(lastBody()).toEqual({
      text: 'all flags',
      reply: { in_reply_to_tweet_id: '1460323737035677698' },
      quote_tweet_id: '1293593516040269825',
      reply_settings: 'mentionedUsers',
      community_id: '1493446837214187523',
      paid_partnership: true,
      share_with_followers: true,
    });
    const env = r.json();
    expect(env.data).toMatchObject({ id: expect.stringMatching(/^\d+$/), text: 'all flags', edit_history_tweet_ids: [env.data.id] });
  });

  it('media and poll bodies', async () => {
    expect(
      (
        await emu.run([
          'posts',
          'create',
          '--text',
          'pics',
          '--media',
          '1146654567674912769,1146654567674912770',
          '--media',
          '1146654567674912771',
        ])
      ).code,
    ).toBe(0);
    expect(lastBody()).toEqual({
      text: 'pics',
      media: { media_ids: ['1146654567674912769', '1146654567674912770', '1146654567674912771'] },
    });
    expect((await emu.run(['posts', 'create', '--media', '1146654567674912769'])).code).toBe(0);
    expect(lastBody()).toEqual({ media: { media_ids: ['1146654567674912769'] } });
    expect(
      (
        await emu.run([
          'posts',
          'create',
          '--text',
          'Tea or coffee?',
          '--poll-option',
          'Tea, hot',
          '--poll-option',
          'Coffee',
          '--poll-duration',
          '1440',
        ])
      ).code,
    ).toBe(0);
    expect(lastBody()).toEqual({ text: 'Tea or coffee?', poll: { options: ['Tea, hot', 'Coffee'], duration_minutes: 1440 } });
  });

  it('reads the text from a file or stdin, dropping one trailing newline', async () => {
    const file = join(tempDir(), 'post.txt');
    writeFileSync(file, 'line one\nline two\n');
    expect((await emu.run(['posts', 'create', '--text-file', file])).code).toBe(0);
    expect(lastBody()).toEqual({ text: 'line one\nline two' });
    expect((await emu.run(['posts', 'create', '-'], { input: 'from stdin\n' })).code).toBe(0);
    expect(lastBody()).toEqual({ text: 'from stdin' });
  });

  it('--dry-run prints the body and sends nothing', async () => {
    const before = allPosting().length;
    const r = await emu.run(['posts', 'create', '--text', 'dry', '--quote', '1293593516040269825', '--dry-run']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ text: 'dry', quote_tweet_id: '1293593516040269825' });
    expect(allPosting().length).toBe(before);
  });

  it('the emulator serves the neutral path and names too', async () => {
    const r = await emu.run(['request', 'POST', '/2/posts', '--input', '-'], {
      input: JSON.stringify({ text: 'neutral', quote_post_id: '1293593516040269825' }),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toMatchObject({ text: 'neutral', edit_history_post_ids: [expect.any(String)] });
    const wrong = await emu.run(['request', 'POST', '/2/posts', '--input', '-'], {
      input: JSON.stringify({ text: 'x', quote_tweet_id: '1' }),
    });
    expect(wrong.code).toBe(6);
  });

  it('25,000 characters pass; 25,001 is exit 6 with zero requests', async () => {
    expect((await emu.run(['posts', 'create', '--text-file', '-'], { input: 'a'.repeat(25_000) })).code).toBe(0);
    expect([...lastBody().text].length).toBe(25_000);
    const r = await rejects(['posts', 'create', '--text-file', '-'], '--text', 'a'.repeat(25_001));
    expect(r.stderr).toContain('at most 25000 characters (got 25001');
    // Counted after NFC: 25,000 decomposed "é" (e + U+0301) are 25,000 characters.
    expect((await emu.run(['posts', 'create', '-'], { input: 'e\u0301'.repeat(25_000) })).code).toBe(0);
  });

  it.each([
    [['posts', 'create'], '--text'],
    [['posts', 'create', '--text', ''], '--text'],
    [['posts', 'create', '--text', 'x', '--reply-to', '12a'], '--reply-to'],
    [['posts', 'create', '--text', 'x', '--quote', '../1'], '--quote'],
    [['posts', 'create', '--text', 'x', '--community', 'abc'], '--community'],
    [['posts', 'create', '--text', 'x', '--media', '1,2,3,4,5'], '--media'],
    [['posts', 'create', '--text', 'x', '--media', 'x1'], '--media'],
    [['posts', 'create', '--text', 'x', '--media', '1,1'], '--media'],
    [['posts', 'create', '--text', 'x', '--poll-option', 'only one', '--poll-duration', '60'], '--poll-option'],
    [
      [
        'posts',
        'create',
        '--text',
        'x',
        '--poll-option',
        'a',
        '--poll-option',
        'b',
        '--poll-option',
        'c',
        '--poll-option',
        'd',
        '--poll-option',
        'e',
        '--poll-duration',
        '60',
      ],
      '--poll-option',
    ],
    [['posts', 'create', '--text', 'x', '--poll-option', 'a'.repeat(26), '--poll-option', 'b', '--poll-duration', '60'], '--poll-option'],
    [['posts', 'create', '--text', 'x', '--poll-option', 'a', '--poll-option', 'b'], '--poll-duration'],
    [['posts', 'create', '--text', 'x', '--poll-option', 'a', '--poll-option', 'b', '--poll-duration', '4'], '--poll-duration'],
    [['posts', 'create', '--text', 'x', '--poll-option', 'a', '--poll-option', 'b', '--poll-duration', '10081'], '--poll-duration'],
    [['posts', 'create', '--text', 'x', '--poll-duration', '60'], '--poll-duration'],
    [
      ['posts', 'create', '--text', 'x', '--media', '1', '--poll-option', 'a', '--poll-option', 'b', '--poll-duration', '60'],
      '--poll-option',
    ],
    [['posts', 'create', '--text', 'x', '--media', '1', '--quote', '2'], '--quote'],
    [['posts', 'create', '--text', 'x', '--quote', '2', '--poll-option', 'a', '--poll-option', 'b', '--poll-duration', '60'], '--quote'],
    [['posts', 'create', '--text', 'x', '--reply-settings', 'everyone'], '--reply-settings'],
    [['posts', 'create', '--text', 'x', '--share-with-followers'], '--share-with-followers'],
    [['posts', 'create', '--text', 'x', '--text-file', 'f.txt'], '--text-file'],
    [['posts', 'create', '--text-file', '/nonexistent/post.txt'], '--text-file'],
    [['posts', 'create', 'stray'], 'text'],
  ])('rejects %j before sending (exit 6, names %s)', async (args, field) => {
    await rejects(args, field);
  });

  it('rejects text that is not UTF-8', async () => {
    const before = allPosting().length;
    const r = await emu.run(['posts', 'create', '-'], { input: Buffer.from([0x68, 0xff, 0x69]) });
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('not valid UTF-8');
    expect(allPosting().length).toBe(before);
  });
});

describe('postctl posts edit', () => {
  // Each post its own text: the emulator refuses a repeat of a recent post, as the service does.
  let made = 0;
  async function created(text = `original ${++made}`): Promise<string> {
    const r = await emu.run(['posts', 'create', '--text', text, '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    return r.stdout.trim();
  }

  it('checks the post first, then sends edit_options.previous_post_id and the new text; prints the new id', async () => {
    const id = await created();
    const r = await emu.run(['posts', 'edit', id, '--text', 'edited', '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    const newId = r.stdout.trim();
    expect(newId).toMatch(/^\d+$/);
    expect(newId).not.toBe(id);
    const check = emu.state.requests('GET', `/2/tweets/${id}`).at(-1)!;
    expect(check.query).toEqual([['tweet.fields', 'created_at,edit_controls']]);
    expect(lastBody()).toEqual({ text: 'edited', edit_options: { previous_post_id: id } });
    expect(postingState(emu.state).posts.get(newId)!.history).toEqual([id, newId]);
  });

  it('the 5-edit limit: the sixth edit is exit 6 before sending (edits_remaining 0)', async () => {
    let id = await created();
    for (let i = 1; i <= 5; i++) {
      const r = await emu.run(['posts', 'edit', id, '--text', `edit ${i}`, '-o', 'table']);
      expect(r.code, r.stderr).toBe(0);
      id = r.stdout.trim();
    }
    const posts = emu.state.requests('POST', '/2/tweets').length;
    const r = await emu.run(['posts', 'edit', id, '--text', 'edit 6']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('no edits left');
    expect(emu.state.requests('POST', '/2/tweets').length).toBe(posts);
    // --no-edit-check sends it; the emulator enforces its own limit (403).
    const forced = await emu.run(['posts', 'edit', id, '--text', 'edit 6', '--no-edit-check']);
    expect(forced.code).toBe(3);
    expect(forced.stderr).toContain('maximum number of times');
    expect(emu.state.requests('GET', `/2/tweets/${id}`).length).toBe(1);
  });

  it('the 1-hour window: an older post is exit 6 before sending', async () => {
    const id = await created();
    postingState(emu.state).posts.get(id)!.created_at = new Date(Date.now() - 61 * 60_000).toISOString();
    const posts = emu.state.requests('POST', '/2/tweets').length;
    const r = await emu.run(['posts', 'edit', id, '--text', 'too late']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('edit window closed');
    expect(emu.state.requests('POST', '/2/tweets').length).toBe(posts);
  });

  it('an older version is not eligible: exit 6 before sending', async () => {
    const id = await created();
    expect((await emu.run(['posts', 'edit', id, '--text', 'v2'])).code).toBe(0);
    const posts = emu.state.requests('POST', '/2/tweets').length;
    const r = await emu.run(['posts', 'edit', id, '--text', 'v2 again']);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('not eligible');
    expect(emu.state.requests('POST', '/2/tweets').length).toBe(posts);
  });

  it('--dry-run prints the edit body; bad ids and missing text are exit 6 with nothing sent', async () => {
    const before = allPosting().length;
    const r = await emu.run(['posts', 'edit', '1460323737035677698', '--text', 'x', '--dry-run']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ text: 'x', edit_options: { previous_post_id: '1460323737035677698' } });
    expect(allPosting().length).toBe(before);
    await rejects(['posts', 'edit', '12x', '--text', 'x'], 'post id');
    await rejects(['posts', 'edit', '1460323737035677698'], '--text');
    await rejects(['posts', 'edit', '1460323737035677698', '-'], '--text', 'a'.repeat(25_001));
  });
});

describe('postctl posts delete', () => {
  it('deletes with --yes; without a terminal and without --yes it is exit 2 and nothing is sent', async () => {
    const id = (await emu.run(['posts', 'create', '--text', 'to delete', '-o', 'table'])).stdout.trim();
    const before = writes().length;
    const refused = await emu.run(['posts', 'delete', id]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect(writes().length).toBe(before);
    const r = await emu.run(['posts', 'delete', id, '--yes', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json()).toEqual({ data: { deleted: true } });
    const sent = emu.state.requests('DELETE', '/2/tweets/').at(-1)!;
    expect(sent.path).toBe(`/2/tweets/${id}`);
    expect(postingState(emu.state).posts.get(id)!.deleted).toBe(true);
  });

  it('several ids: a table of results; one failure makes exit 8', async () => {
    const a = (await emu.run(['posts', 'create', '--text', 'a', '-o', 'table'])).stdout.trim();
    const b = (await emu.run(['posts', 'create', '--text', 'b', '-o', 'table'])).stdout.trim();
    const r = await emu.run(['posts', 'delete', a, b, '9000000000000000001', '--yes', '-o', 'csv']);
    expect(r.code).toBe(8);
    expect(r.stdout).toBe(`id,deleted\n${a},true\n${b},true\n`);
    expect(r.stderr).toContain('9000000000000000001');
  });

  it('bad ids are exit 6 with nothing sent', async () => {
    await rejects(['posts', 'delete', '123', '../admin', '--yes'], 'post ids');
  });
});
