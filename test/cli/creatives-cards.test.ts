// `postctl ads cards` against the emulator: create from flags and from
// --file (components and slides), list (paged, filters, table), get, delete at
// the spec's path; every component rule rejected before sending (exit 6, the
// JSON path named, nothing reached the emulator).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freshEmulator } from '../helpers/emulator.js';
import { expectRejected } from '../fixtures/creatives/expect-rejected.js';

const FIX = new URL('../fixtures/creatives/', import.meta.url).pathname;
const IMG = '3_1720000000000000001';
const IMG2 = '3_1720000000000000002';
const VID = '7_1720000000000000021';
const ACCOUNT = '18ce54d4x5t';

// Deliberately the spec's neutral names (this file asserts them); official names: wire-names.test.ts, contract.test.ts.
const emu = freshEmulator({ names: 'neutral' });

const website = ['--media', IMG, '--website-title', 'Spring', '--website-url', 'https://example.com/spring'];
const app = ['--app-button', 'INSTALL', '--country', 'US', '--ios-app', '333903271'];
const create = (...args: string[]) => ['ads', 'cards', 'create', ...args];

describe('ads cards create', () => {
  it('builds MEDIA + DETAILS from the flags and sends it as a JSON body', async () => {
    const r = await emu.run([...create('--name', 'Spring sale', ...website), '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const card = r.json().data;
    expect(card).toMatchObject({ name: 'Spring sale', card_type: 'IMAGE_WEBSITE', card_uri: `card://${card.id}`, deleted: false });
    const sent = emu.state.requests('POST', `/12/accounts/${ACCOUNT}/cards`).at(-1)!;
    expect(sent.query).toEqual([]);
    expect(JSON.parse(sent.body)).toEqual({
      name: 'Spring sale',
      components: [
        { type: 'MEDIA', media_key: IMG },
        { type: 'DETAILS', title: 'Spring', destination: { type: 'WEBSITE', url: 'https://example.com/spring' } },
      ],
    });
  });

  it('builds SWIPEABLE_MEDIA + BUTTON from the flags (label and country in any case); the API picks the card_type', async () => {
    const r = await emu.run([
      ...create(
        '--name',
        'Get the app',
        '--swipeable',
        `${IMG},${VID}`,
        '--app-button',
        'play',
        '--country',
        'gb',
        '--googleplay-app',
        'com.example',
        '--googleplay-deep-link',
        'example://x',
      ),
      '-o',
      'json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data.card_type).toBe('MIXED_MEDIA_SINGLE_DEST_CAROUSEL_APP');
    const body = JSON.parse(emu.state.requests('POST', '/cards').at(-1)!.body);
    expect(body.components[1]).toEqual({
      type: 'BUTTON',
      label: { type: 'ENUM', value: 'PLAY' },
      destination: { type: 'APP', country_code: 'GB', googleplay_app_id: 'com.example', googleplay_deep_link: 'example://x' },
    });
  });

  it.each([
    ['card-website.json', 'IMAGE_WEBSITE', 'MEDIA + DETAILS(website)'],
    ['card-app-swipeable.json', 'VIDEO_CAROUSEL_APP', 'SWIPEABLE_MEDIA(3) + BUTTON(INSTALL, app)'],
    ['card-slides.json', 'IMAGE_MULTI_DEST_CAROUSEL_WEBSITE', '3 slides: MEDIA + DETAILS(website)'],
  ])('creates from --file %s (sent exactly as written) and shows a readable summary', async (file, type, summary) => {
    const r = await emu.run([...create('--file', FIX + file), '-o', 'table']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`card_type\\s+${type}`));
    expect(r.stdout).toContain(summary);
    expect(r.stderr).toMatch(/created card \d+/);
    expect(JSON.parse(emu.state.requests('POST', '/cards').at(-1)!.body)).toEqual(JSON.parse(readFileSync(FIX + file, 'utf8')));
  });

  it('--name sets or replaces the name of a --file card; the file may come from stdin', async () => {
    const card = JSON.parse(readFileSync(FIX + 'card-website.json', 'utf8'));
    delete card.name;
    const r = await emu.run([...create('--file', '-', '--name', 'From stdin'), '-o', 'json'], { input: JSON.stringify(card) });
    expect(r.code, r.stderr).toBe(0);
    expect(r.json().data.name).toBe('From stdin');
  });

  it('--dry-run prints the body and sends nothing', async () => {
    const before = emu.state.log.length;
    const r = await emu.run([...create('--name', 'Dry', ...website, '--dry-run'), '-o', 'json']);
    expect(r.code).toBe(0);
    expect(r.json()).toMatchObject({ name: 'Dry', components: [{ type: 'MEDIA' }, { type: 'DETAILS' }] });
    expect(emu.state.log.length).toBe(before);
  });

  it('is not retried after a 5xx (POST creates a card each time)', async () => {
    emu.state.faults.add({ kind: 'status', status: 503, times: 1, path: `/12/accounts/${ACCOUNT}/cards` });
    const before = emu.state.requests('POST', '/cards').length;
    const r = await emu.run(create('--name', 'Once', ...website));
    emu.state.faults.clear();
    expect(r.code).toBe(7);
    expect(emu.state.requests('POST', '/cards').length - before).toBe(1);
  });

  it('usage errors: --file with component flags, or no card at all (exit 2, nothing sent)', async () => {
    const before = emu.state.log.length;
    const both = await emu.run(create('--file', FIX + 'card-website.json', '--media', IMG));
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/either with --file or with the component flags/);
    const none = await emu.run(create('--name', 'x'));
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/no card given/);
    expect(emu.state.log.length).toBe(before);
  });

  describe('every component rule is checked before sending', () => {
    const seven = Array.from({ length: 7 }, (_, i) => `3_172000000000000000${i + 1}`).join(',');
    it.each<[string, string[], string, RegExp]>([
      ['name required', [...website], 'name', /required/],
      ['name at most 80', ['--name', 'n'.repeat(81), ...website], 'name', /at most 80 characters \(got 81\)/],
      [
        'one media component required',
        ['--name', 'n', '--website-title', 'T', '--website-url', 'https://e.com'],
        'components',
        /needs one media component.*--media or --swipeable/,
      ],
      [
        'only one media component',
        ['--name', 'n', '--swipeable', `${IMG},${IMG2}`, ...website],
        'components[1]',
        /only one media component.*--media or --swipeable, not both/,
      ],
      ['DETAILS or BUTTON required', ['--name', 'n', '--media', IMG], 'components', /needs a DETAILS component .* or a BUTTON/],
      ['exactly one of DETAILS or BUTTON', ['--name', 'n', ...website, ...app], 'components[2]', /exactly one of DETAILS or BUTTON/],
      [
        'SWIPEABLE_MEDIA at least 2 keys',
        ['--name', 'n', '--swipeable', IMG, '--website-title', 'T', '--website-url', 'https://e.com'],
        'components[0].media_keys',
        /2 to 6 media keys \(got 1\).*--swipeable/,
      ],
      [
        'SWIPEABLE_MEDIA at most 6 keys',
        ['--name', 'n', '--swipeable', seven, '--website-title', 'T', '--website-url', 'https://e.com'],
        'components[0].media_keys',
        /got 7/,
      ],
      [
        'DETAILS title required',
        ['--name', 'n', '--media', IMG, '--website-url', 'https://e.com'],
        'components[1].title',
        /required for DETAILS.*--website-title/,
      ],
      [
        'WEBSITE url required',
        ['--name', 'n', '--media', IMG, '--website-title', 'T'],
        'components[1].destination.url',
        /required for a WEBSITE destination.*--website-url/,
      ],
      [
        'WEBSITE url is http(s)',
        ['--name', 'n', '--media', IMG, '--website-title', 'T', '--website-url', 'example.com'],
        'components[1].destination.url',
        /http\(s\) URL/,
      ],
      [
        'APP needs country_code',
        ['--name', 'n', '--media', IMG, '--app-button', 'SHOP', '--ios-app', '1'],
        'components[1].destination.country_code',
        /required for an APP destination.*--country/,
      ],
      [
        'country_code is alpha-2',
        ['--name', 'n', '--media', IMG, '--app-button', 'SHOP', '--country', 'USA', '--ios-app', '1'],
        'components[1].destination.country_code',
        /ISO 3166-1 alpha-2/,
      ],
      [
        'APP needs an app id',
        ['--name', 'n', '--media', IMG, '--app-button', 'SHOP', '--country', 'US'],
        'components[1].destination.googleplay_app_id',
        /at least one of googleplay_app_id or ios_app_store_identifier/,
      ],
      [
        'ios deep link needs the ios app id',
        ['--name', 'n', '--media', IMG, '--app-button', 'SHOP', '--country', 'US', '--googleplay-app', 'com.x', '--ios-deep-link', 'x://y'],
        'components[1].destination.ios_deep_link',
        /needs ios_app_store_identifier.*--ios-deep-link/,
      ],
      [
        'googleplay deep link needs the googleplay app id',
        ['--name', 'n', '--media', IMG, ...app, '--googleplay-deep-link', 'x://y'],
        'components[1].destination.googleplay_deep_link',
        /needs googleplay_app_id/,
      ],
      [
        'BUTTON label required',
        ['--name', 'n', '--media', IMG, '--country', 'US', '--ios-app', '1'],
        'components[1].label',
        /required for BUTTON.*--app-button/,
      ],
      [
        'label enum',
        ['--name', 'n', '--media', IMG, '--app-button', 'BUY', '--country', 'US', '--ios-app', '1'],
        'components[1].label.value',
        /BOOK, CONNECT, INSTALL, OPEN, ORDER, PLAY, SHOP/,
      ],
    ])('flags: %s', async (_label, args, field, message) => {
      await expectRejected(emu, create(...args), field, { message });
    });

    const media = { type: 'MEDIA', media_key: IMG };
    const details = { type: 'DETAILS', title: 'T', destination: { type: 'WEBSITE', url: 'https://e.com' } };
    const appDest = { type: 'APP', country_code: 'US', ios_app_store_identifier: '1' };
    it.each<[string, unknown, string, RegExp]>([
      [
        'DETAILS takes a WEBSITE destination only',
        { name: 'n', components: [media, { ...details, destination: appDest }] },
        'components[1].destination.type',
        /WEBSITE destination only/,
      ],
      [
        'BUTTON takes an APP destination only',
        { name: 'n', components: [media, { type: 'BUTTON', label: { type: 'ENUM', value: 'SHOP' }, destination: details.destination }] },
        'components[1].destination.type',
        /APP destination only/,
      ],
      [
        'label type is ENUM',
        { name: 'n', components: [media, { type: 'BUTTON', label: { type: 'TEXT', value: 'SHOP' }, destination: appDest }] },
        'components[1].label.type',
        /must be ENUM/,
      ],
      [
        'components and slides are mutually exclusive',
        { name: 'n', components: [media, details], slides: [[media, details]] },
        'slides',
        /mutually exclusive/,
      ],
      ['components or slides required', { name: 'n' }, 'components', /required \(or slides/],
      ['each slide is a whole card', { name: 'n', slides: [[media, details], [media]] }, 'slides[1]', /DETAILS/],
      [
        'unknown component type',
        { name: 'n', components: [{ type: 'VIDEO', media_key: VID }, details] },
        'components[0].type',
        /must be one of MEDIA, SWIPEABLE_MEDIA, DETAILS, BUTTON/,
      ],
      ['unknown field', { name: 'n', components: [media, { ...details, url: 'https://e.com' }] }, 'components[1].url', /not a field/],
      ['not an object', [media, details], '(card)', /JSON object/],
    ])('file: %s', async (_label, card, field, message) => {
      await expectRejected(emu, create('--file', '-'), field, { message, input: JSON.stringify(card) });
    });

    it('a broken file lists every problem at once', async () => {
      const r = await expectRejected(emu, create('--file', FIX + 'card-broken.json'), 'slides');
      expect(r.errorJson().error.problems.map((p: { field: string }) => p.field)).toEqual(['slides']);
      const fixed = JSON.parse(readFileSync(FIX + 'card-broken.json', 'utf8'));
      delete fixed.slides;
      const r2 = await expectRejected(emu, create('--file', '-'), 'components[0].media_keys', { input: JSON.stringify(fixed) });
      expect(r2.errorJson().error.problems.map((p: { field: string }) => p.field)).toEqual([
        'components[0].media_keys',
        'components[1].label.value',
        'components[1].destination.country_code',
        'components[1].destination.googleplay_app_id',
        'components[1].destination.ios_deep_link',
      ]);
      expect(r2.stderr).toMatch(/invalid card: 5 problems/);
    });

    it("a file that is not JSON is named, with the parser's position", async () => {
      await expectRejected(emu, create('--file', FIX + 'card-not-json.json'), FIX + 'card-not-json.json', { message: /not valid JSON/ });
    });
  });
});

describe('ads cards list|get|delete', () => {
  it('pages with --count and --all, following next_cursor', async () => {
    const before = emu.state.requests('GET', `/12/accounts/${ACCOUNT}/cards`).length;
    // The emulator's seeded cards (a fresh emulator per test), one per page.
    const r = await emu.run(['ads', 'cards', 'list', '--count', '1', '--all', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const items = r.json().data as Array<{ card_type: string }>;
    expect(items).toHaveLength(2);
    expect(items.some((c) => c.card_type === 'IMAGE_CONVERSATION')).toBe(false);
    const pages = emu.state.requests('GET', `/12/accounts/${ACCOUNT}/cards`).slice(before);
    expect(pages.length).toBe(2);
    expect(pages[1]!.query.find(([k]) => k === 'cursor')).toBeDefined();
  });

  it('one page keeps the envelope and points at the next cursor', async () => {
    const r = await emu.run(['ads', 'cards', 'list', '--count', '1', '-o', 'json']);
    expect(r.json()).toMatchObject({ data: [expect.any(Object)], next_cursor: expect.any(String), request: { params: { count: '1' } } });
  });

  it('shows a table a person can read: type, components summary, card_uri', async () => {
    const r = await emu.run(['ads', 'cards', 'list', '-o', 'table']);
    expect(r.code).toBe(0);
    const [head, ...rows] = r.stdout.trimEnd().split('\n');
    expect(head!.trim().split(/\s{2,}/)).toEqual(['id', 'name', 'card_type', 'components', 'card_uri']);
    expect(rows.some((l) => /Seeded app card\s+VIDEO_APP\s+MEDIA \+ BUTTON\(INSTALL, app\)\s+card:\/\/1505723617405960002/.test(l))).toBe(
      true,
    );
  });

  it('filters: card types (any case), q, legacy cards, card URIs', async () => {
    const types = await emu.run(['ads', 'cards', 'list', '--card-types', 'video_app', '-o', 'json']);
    expect(types.json().data.map((c: { card_type: string }) => c.card_type)).toEqual(['VIDEO_APP']);
    expect(emu.state.requests('GET', '/cards').at(-1)!.query).toContainEqual(['card_types', 'VIDEO_APP']);
    const q = await emu.run(['ads', 'cards', 'list', '--q', 'seeded', '-o', 'json']);
    expect(q.json().data).toHaveLength(2);
    const legacy = await emu.run([
      'ads',
      'cards',
      'list',
      '--include-legacy-cards',
      '--card-uris',
      'card://1505723617405960003',
      '-o',
      'json',
    ]);
    expect(legacy.json().data.map((c: { card_type: string }) => c.card_type)).toEqual(['IMAGE_CONVERSATION']);
  });

  it.each<[string, string[], string]>([
    ['unknown card type', ['--card-types', 'IMAGE_WEBSITE,BANNER'], 'card_types'],
    ['more than 200 card ids', ['--card-ids', Array.from({ length: 201 }, (_, i) => String(i + 1)).join(',')], 'card_id'],
    ['more than 200 card URIs', ['--card-uris', Array.from({ length: 201 }, (_, i) => `card://${i + 1}`).join(',')], 'card_uris'],
    ['card URI form', ['--card-uris', 'card://1,1505723617405960001'], 'card_uris'],
    ['q at most 80', ['--q', 'q'.repeat(81)], 'q'],
  ])('list filter rule: %s', async (_l, args, field) => {
    await expectRejected(emu, ['ads', 'cards', 'list', ...args], field);
  });

  it('count outside 1 to 200 is invalid input (exit 6) before sending', async () => {
    const before = emu.state.log.length;
    const r = await emu.run(['ads', 'cards', 'list', '--count', '201']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/--count must be between 1 and 200/);
    expect(emu.state.log.length).toBe(before);
  });

  it('get shows the card; delete uses …/cards/image_conversation/:card_id and returns it deleted; a repeat is 404', async () => {
    const made = await emu.run([...create('--name', 'To delete', ...website), '-o', 'json']);
    const id = made.json().data.id as string;
    const got = await emu.run(['ads', 'cards', 'get', id, '-o', 'json']);
    expect(got.json().data).toMatchObject({ id, name: 'To delete', components: [{ type: 'MEDIA' }, { type: 'DETAILS' }] });

    const noYes = await emu.run(['ads', 'cards', 'delete', id]);
    expect(noYes.code).toBe(2);
    expect(noYes.stderr).toMatch(/--yes/);

    const del = await emu.run(['ads', 'cards', 'delete', id, '--yes', '-o', 'json']);
    expect(del.code, del.stderr).toBe(0);
    expect(del.json().data).toMatchObject({ id, deleted: true });
    expect(emu.state.requests('DELETE').at(-1)!.path).toBe(`/12/accounts/${ACCOUNT}/cards/image_conversation/${id}`);

    const again = await emu.run(['ads', 'cards', 'delete', id, '--yes']);
    expect(again.code).toBe(4);
    const gone = await emu.run(['ads', 'cards', 'get', id]);
    expect(gone.code).toBe(4);
    const withDeleted = await emu.run(['ads', 'cards', 'get', id, '--with-deleted', '-o', 'json']);
    expect(withDeleted.json().data.deleted).toBe(true);
  });

  it('the emulator refuses a card whose media key is not in the library (API error, exit 6)', async () => {
    const r = await emu.run(create('--name', 'n', '--media', '3_999', '--website-title', 'T', '--website-url', 'https://e.com'));
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/HTTP 400.*not in the account's media library.*components\[0\]\.media_key/);
  });
});
