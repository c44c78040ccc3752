// `postctl ads poll-cards` and `postctl ads video-conversation-cards` against
// the emulator: create (query parameters), list (paged), get; every rule
// rejected before sending; poll cards cannot be updated.
import { describe, expect, it } from 'vitest';
import { accounts } from '../../src/emulator/ads-support.js';
import { freshEmulator } from '../helpers/emulator.js';
import { expectRejected } from '../fixtures/creatives/expect-rejected.js';

const ACCOUNT = '18ce54d4x5t';
const WIDE_IMG = '3_1720000000000000001';
const SQUARE_IMG = '3_1720000000000000003';
const VID_16_9 = '7_1720000000000000021';
const VID_1_1 = '7_1720000000000000023';
const GIF = '16_1720000000000000027';

// Deliberately the spec's neutral names (this file asserts them); official names: wire-names.test.ts, contract.test.ts.
const emu = freshEmulator({ names: 'neutral' });

describe('ads poll-cards', () => {
  const poll = [
    'ads',
    'poll-cards',
    'create',
    '--name',
    'Lunch',
    '--duration',
    '1440',
    '--first-choice',
    'Pizza',
    '--second-choice',
    'Salad',
  ];

  it('creates a text poll with query parameters; numbers come back as strings', async () => {
    const r = await emu.run([...poll, '--third-choice', 'Soup', '--fourth-choice', 'x'.repeat(25), '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toMatchObject({ name: 'Lunch', card_type: 'TEXT_POLLS', third_choice: 'Soup', duration_in_minutes: '1440' });
    const sent = emu.state.requests('POST', `/12/accounts/${ACCOUNT}/cards/poll`).at(-1)!;
    expect(sent.body).toBe('');
    expect(sent.query).toEqual([
      ['name', 'Lunch'],
      ['duration_in_minutes', '1440'],
      ['first_choice', 'Pizza'],
      ['second_choice', 'Salad'],
      ['third_choice', 'Soup'],
      ['fourth_choice', 'x'.repeat(25)],
    ]);
  });

  it('accepts the duration bounds 5 and 10080', async () => {
    for (const d of ['5', '10080']) {
      const args = [...poll];
      args[args.indexOf('1440')] = d;
      expect((await emu.run(args)).code).toBe(0);
    }
  });

  it('creates a video poll when the account has PROMOTED_MEDIA_POLLS (media checked in the library first)', async () => {
    accounts(emu.state).get(ACCOUNT)!.features.push('PROMOTED_MEDIA_POLLS');
    const r = await emu.run([...poll, '--media-key', VID_16_9, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toMatchObject({ card_type: 'VIDEO_POLLS', content_duration_seconds: '15' });
    expect(emu.state.requests('GET', `/media_library/${VID_16_9}`).length).toBe(1);
  });

  it.each<[string, string[], string, RegExp]>([
    ['name required', ['--duration', '60', '--first-choice', 'a', '--second-choice', 'b'], 'name', /required/],
    ['duration required', ['--name', 'n', '--first-choice', 'a', '--second-choice', 'b'], 'duration_in_minutes', /5 to 10080 minutes/],
    [
      'duration at least 5',
      ['--name', 'n', '--duration', '4', '--first-choice', 'a', '--second-choice', 'b'],
      'duration_in_minutes',
      /between 5 and 10080 \(got 4\)/,
    ],
    [
      'duration at most 10080',
      ['--name', 'n', '--duration', '10081', '--first-choice', 'a', '--second-choice', 'b'],
      'duration_in_minutes',
      /got 10081/,
    ],
    [
      'duration a whole number',
      ['--name', 'n', '--duration', '1h', '--first-choice', 'a', '--second-choice', 'b'],
      'duration_in_minutes',
      /whole number/,
    ],
    ['first choice required', ['--name', 'n', '--duration', '60', '--second-choice', 'b'], 'first_choice', /required/],
    ['second choice required', ['--name', 'n', '--duration', '60', '--first-choice', 'a'], 'second_choice', /required/],
    [
      'choices at most 25 characters',
      ['--name', 'n', '--duration', '60', '--first-choice', 'a'.repeat(26), '--second-choice', 'b'],
      'first_choice',
      /at most 25 characters \(got 26\)/,
    ],
    [
      'third choice at most 25',
      ['--name', 'n', '--duration', '60', '--first-choice', 'a', '--second-choice', 'b', '--third-choice', 'c'.repeat(26)],
      'third_choice',
      /at most 25/,
    ],
    [
      'third choice needs the first two',
      ['--name', 'n', '--duration', '60', '--first-choice', 'a', '--third-choice', 'c'],
      'third_choice',
      /needs first_choice and second_choice/,
    ],
    [
      'fourth choice needs the first three',
      ['--name', 'n', '--duration', '60', '--first-choice', 'a', '--second-choice', 'b', '--fourth-choice', 'd'],
      'fourth_choice',
      /needs first_choice, second_choice and third_choice/,
    ],
  ])('rule: %s', async (_l, args, field, message) => {
    await expectRejected(emu, ['ads', 'poll-cards', 'create', ...args], field, { message });
  });

  it.each<[string, string, RegExp]>([
    ['a GIF', GIF, /a poll card takes an image or a video/],
    ['an image that is not 1.91:1', SQUARE_IMG, /1:1 image; poll card images must be 1.91:1/],
    ['a key the library does not have', '3_1720000000000004040', /not in the media library of account/],
  ])('media_key: %s is refused after a library lookup (GET only)', async (_l, key, message) => {
    await expectRejected(emu, [...poll, '--media-key', key], 'media_key', { message, allowGets: true });
  });

  it('--no-fetch leaves the media check to the API', async () => {
    const before = emu.state.log.length;
    const r = await emu.run([...poll, '--media-key', SQUARE_IMG, '--no-fetch']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/HTTP 400.*1\.91:1/);
    expect(emu.state.log.slice(before).map((e) => e.method)).toEqual(['POST']);
  });

  it('an image poll of the right shape is created', async () => {
    accounts(emu.state).get(ACCOUNT)!.features.push('PROMOTED_MEDIA_POLLS');
    const r = await emu.run([...poll, '--media-key', WIDE_IMG, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data.card_type).toBe('IMAGE_POLLS');
  });

  it('update says poll cards cannot be updated (exit 2) and sends nothing', async () => {
    const before = emu.state.log.length;
    const r = await emu.run(['ads', 'poll-cards', 'update', '1505723617405960101', '--name', 'New']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/poll cards cannot be updated/);
    expect(r.stderr).toMatch(/hint: create a new poll card/);
    expect(emu.state.log.length).toBe(before);
  });

  it('lists (paged, readable) and gets', async () => {
    // The emulator's two seeded poll cards (a fresh emulator per test), one per page.
    const r = await emu.run(['ads', 'poll-cards', 'list', '--count', '1', '--all', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toHaveLength(2);
    const table = await emu.run(['ads', 'poll-cards', 'list', '--q', 'lunch', '-o', 'table']);
    expect(
      table.stdout
        .split('\n')[0]!
        .trim()
        .split(/\s{2,}/),
    ).toEqual(['id', 'name', 'card_type', 'choices', 'minutes', 'end_time', 'card_uri']);
    expect(table.stdout).toMatch(/Lunch poll\s+TEXT_POLLS\s+Pizza \/ Salad \/ Soup\s+1440/);
    const one = await emu.run(['ads', 'poll-cards', 'get', '1505723617405960102', '-o', 'json']);
    expect(one.json().data).toMatchObject({ name: 'Weekend poll', duration_in_minutes: '10080' });
  });

  it.each<[string, string[], string]>([
    ['up to 200 card ids', ['--card-ids', Array.from({ length: 201 }, (_, i) => String(i)).join(',')], 'card_ids'],
    ['q at most 80', ['--q', 'q'.repeat(81)], 'q'],
  ])('list rule: %s', async (_l, args, field) => {
    await expectRejected(emu, ['ads', 'poll-cards', 'list', ...args], field);
  });
});

describe('ads video-conversation-cards', () => {
  const base = [
    '--name',
    'Colours',
    '--media-key',
    VID_16_9,
    '--first-cta',
    '#TeamBlue',
    '--first-cta-post',
    'I am #TeamBlue',
    '--thank-you-text',
    'Thanks!',
  ];
  const create = (...args: string[]) => ['ads', 'video-conversation-cards', 'create', ...args];

  it('creates with a title; CTAs are sent as given (with or without #)', async () => {
    const r = await emu.run([
      ...create(...base, '--title', 'Pick a side', '--second-cta', 'TeamRed', '--second-cta-post', 'Red!'),
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data).toMatchObject({
      card_type: 'VIDEO_CONVERSATION',
      first_cta: '#TeamBlue',
      second_cta: 'TeamRed',
      media_key: VID_16_9,
    });
    const q = emu.state.requests('POST', '/cards/video_conversation').at(-1)!.query;
    expect(q).toContainEqual(['first_cta', '#TeamBlue']);
    expect(q).toContainEqual(['second_cta', 'TeamRed']);
  });

  it('a second CTA stands in for the title; 20 characters after the # are allowed', async () => {
    const r = await emu.run(
      create(
        '--name',
        'n',
        '--media-key',
        VID_16_9,
        '--first-cta',
        '#' + 'b'.repeat(20),
        '--first-cta-post',
        'p',
        '--second-cta',
        'r'.repeat(20),
        '--second-cta-post',
        'q',
        '--thank-you-text',
        't'.repeat(23),
      ),
    );
    expect(r.code, r.stderr).toBe(0);
  });

  const without = (flag: string) => {
    const i = base.indexOf(flag);
    return [...base.slice(0, i), ...base.slice(i + 2)];
  };
  it.each<[string, string[], string, RegExp]>([
    ['name required', [...without('--name'), '--title', 'T'], 'name', /required/],
    ['media_key required', [...without('--media-key'), '--title', 'T'], 'media_key', /required/],
    ['first_cta required', [...without('--first-cta'), '--title', 'T'], 'first_cta', /required/],
    [
      'first_cta at most 20 not counting #',
      [...base, '--title', 'T', '--first-cta', '#' + 'b'.repeat(21)],
      'first_cta',
      /at most 20 characters, not counting the leading # \(got 21\)/,
    ],
    ['first_cta_post required', [...without('--first-cta-post'), '--title', 'T'], 'first_cta_post', /required with first_cta/],
    ['second_cta at most 20', [...base, '--second-cta', 'r'.repeat(21), '--second-cta-post', 'p'], 'second_cta', /at most 20/],
    ['second_cta_post required with second_cta', [...base, '--second-cta', '#Red'], 'second_cta_post', /required with second_cta/],
    [
      'third_cta_post required with third_cta',
      [...base, '--title', 'T', '--third-cta', '#Green'],
      'third_cta_post',
      /required with third_cta/,
    ],
    [
      'fourth_cta at most 20',
      [...base, '--title', 'T', '--fourth-cta', 'y'.repeat(21), '--fourth-cta-post', 'p'],
      'fourth_cta',
      /at most 20/,
    ],
    ['a CTA post without its CTA', [...base, '--title', 'T', '--fourth-cta-post', 'p'], 'fourth_cta_post', /without fourth_cta/],
    ['title required when second_cta is absent', [...base], 'title', /required when second_cta is absent/],
    ['title at most 23', [...base, '--title', 't'.repeat(24)], 'title', /at most 23 characters/],
    ['thank_you_text required', [...without('--thank-you-text'), '--title', 'T'], 'thank_you_text', /required/],
    ['thank_you_text at most 23', [...base, '--title', 'T', '--thank-you-text', 't'.repeat(24)], 'thank_you_text', /at most 23 characters/],
  ])('rule: %s', async (_l, args, field, message) => {
    await expectRejected(emu, create(...args), field, { message });
  });

  it.each<[string, string, RegExp]>([
    ['a video that is not 16:9', VID_1_1, /1:1 video; a video conversation card takes a 16:9 video/],
    ['an image', WIDE_IMG, /IMAGE; a video conversation card takes a 16:9 video/],
    ['a key the library does not have', '7_1720000000000004040', /not in the media library/],
  ])('media_key: %s is refused after a library lookup (GET only)', async (_l, key, message) => {
    const args = [...base, '--title', 'T'];
    args[args.indexOf(VID_16_9)] = key;
    await expectRejected(emu, create(...args), 'media_key', { message, allowGets: true });
  });

  it('lists (paged, readable) and gets', async () => {
    const r = await emu.run(['ads', 'video-conversation-cards', 'list', '--count', '1', '--all', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    // The emulator's one seeded video conversation card (a fresh emulator per test).
    expect(r.json().data).toHaveLength(1);
    const table = await emu.run(['ads', 'video-conversation-cards', 'list', '--q', 'team', '-o', 'table']);
    expect(table.stdout).toMatch(
      /Team colours\s+Pick a side\s+#TeamBlue #TeamRed\s+Thanks!\s+7_1720000000000000021\s+card:\/\/1505723617405960201/,
    );
    const one = await emu.run(['ads', 'video-conversation-cards', 'get', '1505723617405960201', '-o', 'json']);
    expect(one.json().data).toMatchObject({ title: 'Pick a side', video_width: '1920' });
    expect((await emu.run(['ads', 'video-conversation-cards', 'get', '1'])).code).toBe(4);
  });
});
