// `ads cards update` and `ads video-conversation-cards update` against the
// emulator: only the fields given are sent (the PUT body / query is exactly the
// input), the card rules are checked first (exit 6, zero requests), and the
// official wire names are used for the CTA post texts.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { creatives } from '../../src/emulator/routes/ads-creatives-state.js';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { freshEmulator } from '../helpers/emulator.js';

const emu = freshEmulator();
const acct = ['--account', EMU_ACCOUNT];
const dir = tempDir('postctl-cards-');
const CARD = '1505723617405960001';
const VCC = '1505723617405960201';
const cardPuts = (id = CARD) => emu.state.requests('PUT', `/12/accounts/${EMU_ACCOUNT}/cards/${id}`);
const vccPath = `/12/accounts/${EMU_ACCOUNT}/cards/video_conversation/${VCC}`;
const json = (name: string, body: unknown) => {
  const path = join(dir, name);
  writeFileSync(path, typeof body === 'string' ? body : JSON.stringify(body));
  return path;
};
const image = (n = 0) => creatives(emu.state, EMU_ACCOUNT).library.filter((i) => i.media_type === 'IMAGE')[n]!.media_key;
const app = {
  type: 'BUTTON',
  label: { type: 'ENUM', value: 'INSTALL' },
  destination: { type: 'APP', country_code: 'US', ios_app_store_identifier: '333903271' },
};
const site = (url: string) => ({ type: 'DETAILS', title: 'Shop', destination: { type: 'WEBSITE', url } });

describe('ads cards update', () => {
  it('--name alone sends exactly {"name": …}; the components stay', async () => {
    const mark = cardPuts().length;
    const r = await emu.run(['ads', 'cards', 'update', CARD, '--name', 'Spring sale (final)', ...acct, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const put = cardPuts()[mark]!;
    expect(JSON.parse(put.body)).toEqual({ name: 'Spring sale (final)' });
    expect(r.json().data).toMatchObject({ id: CARD, name: 'Spring sale (final)', card_type: 'IMAGE_WEBSITE' });
    expect(r.json().data.components).toHaveLength(2);
  });

  it("--file with components sends the file's fields only, and the card type follows them", async () => {
    const body = { components: [{ type: 'MEDIA', media_key: image(1) }, app] };
    const name = (await emu.run(['ads', 'cards', 'get', CARD, ...acct, '-o', 'json'])).json().data.name as string;
    expect(name).toBe('Seeded website card');
    const mark = cardPuts().length;
    const r = await emu.run(['ads', 'cards', 'update', CARD, '--file', json('components.json', body), ...acct, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(cardPuts()[mark]!.body)).toEqual(body);
    // The name is not in the file: it stays what it was.
    expect(r.json().data).toMatchObject({ card_type: 'IMAGE_APP', name });
  });

  it("--name overrides the file's name; stdin works; slides replace components", async () => {
    const body = {
      name: 'from file',
      slides: [
        [{ type: 'MEDIA', media_key: image(0) }, site('https://example.com/a')],
        [{ type: 'MEDIA', media_key: image(1) }, site('https://example.com/b')],
      ],
    };
    const mark = cardPuts().length;
    const r = await emu.run(['ads', 'cards', 'update', CARD, '--file', '-', '--name', 'Two shops', ...acct, '-o', 'json'], {
      input: JSON.stringify(body),
    });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(cardPuts()[mark]!.body)).toEqual({ ...body, name: 'Two shops' });
    expect(r.json().data).toMatchObject({ name: 'Two shops', card_type: 'IMAGE_MULTI_DEST_CAROUSEL_WEBSITE' });
    expect(r.json().data.components).toBeUndefined();
  });

  it('--dry-run prints the body and sends nothing', async () => {
    const mark = emu.state.log.length;
    const r = await emu.run(['ads', 'cards', 'update', CARD, '--name', 'Dry', '--dry-run', ...acct, '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ name: 'Dry' });
    expect(emu.state.log.length).toBe(mark);
  });

  const bad: Array<[string, () => string[], string]> = [
    ['not JSON', () => ['--file', json('bad.json', '{name:')], 'is not valid JSON'],
    ['an unknown field', () => ['--file', json('unknown.json', { name: 'x', card_type: 'IMAGE_APP' })], 'card_type: is not a field'],
    [
      'components and slides together',
      () => ['--file', json('both.json', { components: [], slides: [] })],
      'slides: components and slides are mutually exclusive',
    ],
    ['an empty body', () => ['--file', json('empty.json', {})], 'gives nothing to update'],
    ['a name of 81 characters', () => ['--name', 'x'.repeat(81)], 'name: must be at most 80 characters'],
    [
      'a website destination without url',
      () => [
        '--file',
        json('nourl.json', {
          components: [
            { type: 'MEDIA', media_key: '3_1' },
            { type: 'DETAILS', title: 't', destination: { type: 'WEBSITE' } },
          ],
        }),
      ],
      'components[1].destination.url: is required',
    ],
  ];
  for (const [name, args, message] of bad) {
    it(`${name}: exit 6, nothing sent`, async () => {
      const mark = emu.state.log.length;
      const r = await emu.run(['ads', 'cards', 'update', CARD, ...args(), ...acct]);
      expect(r.code, r.stderr).toBe(6);
      expect(r.stderr).toContain(message);
      expect(emu.state.log.length).toBe(mark);
    });
  }
  it('a card id that is not numeric: exit 6, nothing sent; no flags: exit 2', async () => {
    const mark = emu.state.log.length;
    const r = await emu.run(['ads', 'cards', 'update', '..', '--name', 'x', ...acct]);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('card_id');
    const none = await emu.run(['ads', 'cards', 'update', CARD, ...acct]);
    expect(none.code).toBe(2);
    expect(emu.state.log.length).toBe(mark);
  });
});

describe('ads video-conversation-cards update', () => {
  const puts = () => emu.state.requests('PUT', vccPath);
  it('sends only the flags given, CTA post texts under their official name (first_cta_tweet)', async () => {
    const mark = puts().length;
    const r = await emu.run([
      'ads',
      'video-conversation-cards',
      'update',
      VCC,
      '--first-cta',
      '#TeamGreen',
      '--first-cta-post',
      'I am #TeamGreen',
      ...acct,
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(puts()[mark]!.query).toEqual([
      ['first_cta', '#TeamGreen'],
      ['first_cta_tweet', 'I am #TeamGreen'],
    ]);
    expect(r.json().data).toMatchObject({
      first_cta: '#TeamGreen',
      first_cta_post: 'I am #TeamGreen',
      second_cta: '#TeamRed',
      title: 'Pick a side',
    });
  });

  it('--name, --title, --thank-you-text, --thank-you-url and --media-key', async () => {
    const video = creatives(emu.state, EMU_ACCOUNT).library.find((i) => i.media_type === 'VIDEO' && i.aspect_ratio === '16:9')!.media_key;
    const mark = puts().length;
    const r = await emu.run([
      'ads',
      'video-conversation-cards',
      'update',
      VCC,
      '--name',
      'Colours v2',
      '--title',
      'Choose',
      '--thank-you-text',
      'Thank you!',
      '--thank-you-url',
      'https://example.com/t',
      '--media-key',
      video,
      ...acct,
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(puts()[mark]!.query).toEqual([
      ['name', 'Colours v2'],
      ['media_key', video],
      ['title', 'Choose'],
      ['thank_you_text', 'Thank you!'],
      ['thank_you_url', 'https://example.com/t'],
    ]);
    expect(r.json().data).toMatchObject({ name: 'Colours v2', title: 'Choose', media_key: video });
  });

  it('a third CTA without its post text is refused against the card (exit 6, no PUT); --no-fetch leaves it to the API', async () => {
    const mark = puts().length;
    const r = await emu.run(['ads', 'video-conversation-cards', 'update', VCC, '--third-cta', '#TeamGold', ...acct]);
    expect(r.code).toBe(6);
    expect(r.stderr).toContain('third_cta_post');
    expect(puts().length).toBe(mark);
    const raw = await emu.run(['ads', 'video-conversation-cards', 'update', VCC, '--third-cta', '#TeamGold', '--no-fetch', ...acct]);
    expect(raw.code).toBe(6);
    expect(puts().length).toBe(mark + 1);
    expect(puts().at(-1)!.status).toBe(400);
  });

  it('the other CTAs with their post texts, the poster and the unlocked media', async () => {
    const image = creatives(emu.state, EMU_ACCOUNT).library.find((i) => i.media_type === 'IMAGE')!.media_key;
    const video = creatives(emu.state, EMU_ACCOUNT).library.find((i) => i.media_type === 'VIDEO')!.media_key;
    const mark = puts().length;
    const r = await emu.run([
      'ads',
      'video-conversation-cards',
      'update',
      VCC,
      '--second-cta',
      '#B',
      '--second-cta-post',
      'b',
      '--third-cta',
      '#C',
      '--third-cta-post',
      'c',
      '--fourth-cta',
      '#D',
      '--fourth-cta-post',
      'd',
      '--poster-media-key',
      image,
      '--unlocked-image-media-key',
      image,
      '--unlocked-video-media-key',
      video,
      ...acct,
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(puts()[mark]!.query).toEqual([
      ['second_cta', '#B'],
      ['third_cta', '#C'],
      ['fourth_cta', '#D'],
      ['second_cta_tweet', 'b'],
      ['third_cta_tweet', 'c'],
      ['fourth_cta_tweet', 'd'],
      ['poster_media_key', image],
      ['unlocked_image_media_key', image],
      ['unlocked_video_media_key', video],
    ]);
    expect(r.json().data).toMatchObject({ fourth_cta: '#D', fourth_cta_post: 'd', unlocked_video_media_key: video });
    expect(r.json().data.unlocked_image_media_key).toBeUndefined();
  });

  const bad: Array<[string, string[], string]> = [
    ['a CTA of 21 characters', ['--second-cta', `#${'x'.repeat(21)}`], 'second_cta: must be at most 20 characters'],
    ['a thank-you text of 24', ['--thank-you-text', 'x'.repeat(24)], 'thank_you_text: must be at most 23 characters'],
    ['a title of 24', ['--title', 'y'.repeat(24)], 'title: must be at most 23 characters'],
    ['an empty name', ['--name', ' '], 'name: must not be empty'],
    ['no field at all', [], 'gives nothing to update'],
  ];
  for (const [name, flags, message] of bad) {
    it(`${name}: exit 6, nothing sent`, async () => {
      const mark = emu.state.log.length;
      const r = await emu.run(['ads', 'video-conversation-cards', 'update', VCC, ...flags, ...acct]);
      expect(r.code, r.stderr).toBe(6);
      expect(r.stderr).toContain(message);
      expect(emu.state.log.length).toBe(mark);
    });
  }
});
