// The card validator (every component rule, problems named by JSON path), the
// flag builder and its path → flag mapping, and the components summary.
import { describe, expect, it } from 'vitest';
import { cardFromFlags, flagFor, hasCardFlags } from '../../src/creatives/card-flags.js';
import { summarizeComponents } from '../../src/creatives/cards.js';
import { validateCard } from '../../src/validate/cards.js';

const media = { type: 'MEDIA', media_key: '3_1' };
const details = { type: 'DETAILS', title: 'Shop', destination: { type: 'WEBSITE', url: 'https://example.com' } };
const button = (dest: Record<string, unknown> = {}, value = 'INSTALL') => ({
  type: 'BUTTON',
  label: { type: 'ENUM', value },
  destination: { type: 'APP', country_code: 'US', ios_app_store_identifier: '333903271', ...dest },
});
const fields = (card: unknown) => validateCard(card).map((p) => p.field);

describe('validateCard', () => {
  it('accepts the common shapes', () => {
    expect(validateCard({ name: 'a', components: [media, details] })).toEqual([]);
    expect(
      validateCard({
        name: 'a',
        components: [
          { type: 'SWIPEABLE_MEDIA', media_keys: ['3_1', '3_2'] },
          button({ googleplay_app_id: 'com.x', googleplay_deep_link: 'x://y' }),
        ],
      }),
    ).toEqual([]);
    expect(
      validateCard({
        name: 'a',
        slides: [
          [media, details],
          [{ type: 'MEDIA', media_key: '7_2' }, details],
        ],
      }),
    ).toEqual([]);
    expect(validateCard({ name: 'x'.repeat(80), components: [details, media] })).toEqual([]);
  });

  it.each([
    ['name missing', { components: [media, details] }, 'name', /required/],
    ['name over 80', { name: 'x'.repeat(81), components: [media, details] }, 'name', /at most 80 characters \(got 81\)/],
    ['neither components nor slides', { name: 'a' }, 'components', /required/],
    [
      'components and slides together',
      { name: 'a', components: [media, details], slides: [[media, details]] },
      'slides',
      /mutually exclusive/,
    ],
    ['empty components', { name: 'a', components: [] }, 'components', /non-empty array/],
    ['no media component', { name: 'a', components: [details] }, 'components', /needs one media component/],
    ['two media components', { name: 'a', components: [media, { ...media }, details] }, 'components[1]', /only one media component/],
    ['neither DETAILS nor BUTTON', { name: 'a', components: [media] }, 'components', /DETAILS .* or a BUTTON/],
    ['both DETAILS and BUTTON', { name: 'a', components: [media, details, button()] }, 'components[2]', /exactly one of DETAILS or BUTTON/],
    [
      'unknown component type',
      { name: 'a', components: [{ type: 'CAROUSEL' }, details] },
      'components[0].type',
      /must be one of MEDIA, SWIPEABLE_MEDIA, DETAILS, BUTTON/,
    ],
    ['MEDIA without media_key', { name: 'a', components: [{ type: 'MEDIA' }, details] }, 'components[0].media_key', /required for MEDIA/],
    [
      'SWIPEABLE_MEDIA with 1 key',
      { name: 'a', components: [{ type: 'SWIPEABLE_MEDIA', media_keys: ['3_1'] }, details] },
      'components[0].media_keys',
      /2 to 6 media keys \(got 1\)/,
    ],
    [
      'SWIPEABLE_MEDIA with 7 keys',
      { name: 'a', components: [{ type: 'SWIPEABLE_MEDIA', media_keys: ['1', '2', '3', '4', '5', '6', '7'] }, details] },
      'components[0].media_keys',
      /got 7/,
    ],
    [
      'SWIPEABLE_MEDIA blank key',
      { name: 'a', components: [{ type: 'SWIPEABLE_MEDIA', media_keys: ['3_1', ''] }, details] },
      'components[0].media_keys[1]',
      /non-empty/,
    ],
    [
      'DETAILS without title',
      { name: 'a', components: [media, { type: 'DETAILS', destination: { type: 'WEBSITE', url: 'https://e.com' } }] },
      'components[1].title',
      /required for DETAILS/,
    ],
    [
      'DETAILS with an APP destination',
      { name: 'a', components: [media, { ...details, destination: button().destination }] },
      'components[1].destination.type',
      /WEBSITE destination only.*BUTTON/,
    ],
    [
      'BUTTON with a WEBSITE destination',
      { name: 'a', components: [media, { ...button(), destination: details.destination }] },
      'components[1].destination.type',
      /APP destination only.*DETAILS/,
    ],
    [
      'WEBSITE without url',
      { name: 'a', components: [media, { ...details, destination: { type: 'WEBSITE' } }] },
      'components[1].destination.url',
      /required for a WEBSITE destination/,
    ],
    [
      'WEBSITE url not http(s)',
      { name: 'a', components: [media, { ...details, destination: { type: 'WEBSITE', url: 'ftp://x' } }] },
      'components[1].destination.url',
      /http\(s\) URL/,
    ],
    [
      'APP without country_code',
      { name: 'a', components: [media, button({ country_code: undefined })] },
      'components[1].destination.country_code',
      /is required for an APP destination/,
    ],
    [
      'APP country_code not alpha-2',
      { name: 'a', components: [media, button({ country_code: 'USA' })] },
      'components[1].destination.country_code',
      /ISO 3166-1 alpha-2/,
    ],
    [
      'APP without any app id',
      { name: 'a', components: [media, button({ ios_app_store_identifier: undefined })] },
      'components[1].destination.googleplay_app_id',
      /at least one of googleplay_app_id or ios_app_store_identifier/,
    ],
    [
      'ios deep link without ios app',
      {
        name: 'a',
        components: [media, button({ ios_app_store_identifier: undefined, googleplay_app_id: 'com.x', ios_deep_link: 'x://y' })],
      },
      'components[1].destination.ios_deep_link',
      /needs ios_app_store_identifier/,
    ],
    [
      'googleplay deep link without googleplay app',
      { name: 'a', components: [media, button({ googleplay_deep_link: 'x://y' })] },
      'components[1].destination.googleplay_deep_link',
      /needs googleplay_app_id/,
    ],
    [
      'label value outside the enum',
      { name: 'a', components: [media, button({}, 'BUY')] },
      'components[1].label.value',
      /BOOK, CONNECT, INSTALL, OPEN, ORDER, PLAY, SHOP/,
    ],
    [
      'label type not ENUM',
      { name: 'a', components: [media, { ...button(), label: { type: 'TEXT', value: 'SHOP' } }] },
      'components[1].label.type',
      /must be ENUM/,
    ],
    [
      'BUTTON without label',
      { name: 'a', components: [media, { type: 'BUTTON', destination: button().destination }] },
      'components[1].label',
      /required for BUTTON/,
    ],
    [
      'unknown field (typo)',
      { name: 'a', components: [{ type: 'MEDIA', mediaKey: '3_1' }, details] },
      'components[0].mediaKey',
      /not a field/,
    ],
    ['unknown top-level field', { name: 'a', components: [media, details], card_type: 'IMAGE_WEBSITE' }, 'card_type', /not a field/],
    ['a slide breaking a rule', { name: 'a', slides: [[media, details], [media]] }, 'slides[1]', /DETAILS/],
    [
      'a slide component path',
      {
        name: 'a',
        slides: [
          [media, details],
          [media, { ...details, title: '' }],
        ],
      },
      'slides[1][1].title',
      /required/,
    ],
    ['slides not arrays', { name: 'a', slides: [] }, 'slides', /non-empty array/],
  ])('%s → %s', (_label, card, field, message) => {
    const problems = validateCard(card);
    const hit = problems.find((p) => p.field === field);
    expect(hit, JSON.stringify(problems)).toBeDefined();
    expect(hit!.message).toMatch(message);
  });

  it('reports every problem at once, not only the first', () => {
    expect(
      fields({ name: '', components: [{ type: 'MEDIA' }, button({ country_code: 'usa', ios_app_store_identifier: undefined })] }),
    ).toEqual(['name', 'components[0].media_key', 'components[1].destination.googleplay_app_id', 'components[1].destination.country_code']);
  });

  it('rejects what is not a card object', () => {
    expect(fields([1, 2])).toEqual(['(card)']);
    expect(fields('card')).toEqual(['(card)']);
  });
});

describe('cardFromFlags', () => {
  it('builds media + DETAILS for website flags', () => {
    expect(cardFromFlags({ name: 'n', media: '3_1', websiteTitle: 'T', websiteUrl: 'https://e.com' })).toEqual({
      name: 'n',
      components: [
        { type: 'MEDIA', media_key: '3_1' },
        { type: 'DETAILS', title: 'T', destination: { type: 'WEBSITE', url: 'https://e.com' } },
      ],
    });
  });

  it('builds swipeable + BUTTON for app flags, upper-casing the label and country', () => {
    expect(
      cardFromFlags({ swipeable: '3_1, 3_2', appButton: 'install', country: 'us', googleplayApp: 'com.x', googleplayDeepLink: 'x://y' })
        .components,
    ).toEqual([
      { type: 'SWIPEABLE_MEDIA', media_keys: ['3_1', '3_2'] },
      {
        type: 'BUTTON',
        label: { type: 'ENUM', value: 'INSTALL' },
        destination: { type: 'APP', country_code: 'US', googleplay_app_id: 'com.x', googleplay_deep_link: 'x://y' },
      },
    ]);
  });

  it('builds what the flags say, so the validator can judge it (no label without --app-button)', () => {
    const card = cardFromFlags({ name: 'n', media: '3_1', country: 'US', iosApp: '1' });
    expect(validateCard(card).map((p) => [p.field, flagFor(p.field!)])).toEqual([['components[1].label', '--app-button']]);
  });

  it('knows whether any card flag was given', () => {
    expect(hasCardFlags({ name: 'n' })).toBe(false);
    expect(hasCardFlags({ websiteUrl: 'https://e.com' })).toBe(true);
  });

  it.each([
    ['name', '--name'],
    ['components[0].media_key', '--media'],
    ['components[0].media_keys', '--swipeable'],
    ['components[1].title', '--website-title'],
    ['components[1].destination.url', '--website-url'],
    ['components[1].destination.country_code', '--country'],
    ['components[1].destination.ios_app_store_identifier', '--ios-app'],
    ['components[1].destination.googleplay_app_id', '--googleplay-app'],
    ['components[1].destination.ios_deep_link', '--ios-deep-link'],
    ['components[1].destination.googleplay_deep_link', '--googleplay-deep-link'],
    ['components[1].label.value', '--app-button'],
  ])('flagFor(%s) = %s', (path, flag) => {
    expect(flagFor(path)).toBe(flag);
  });

  it('names a surplus whole component by its kind', () => {
    const card = cardFromFlags({
      media: '3_1',
      swipeable: '3_1,3_2',
      websiteTitle: 'T',
      websiteUrl: 'https://e.com',
      appButton: 'SHOP',
      country: 'US',
      iosApp: '1',
    });
    expect(validateCard({ name: 'n', ...card }).map((p) => [p.field, flagFor(p.field!, card)])).toEqual([
      ['components[1]', '--media or --swipeable, not both'],
      ['components[3]', 'the --website-* flags or the --app-button/--country/app flags, not both'],
    ]);
  });
});

describe('summarizeComponents', () => {
  it('summarizes components and slides in one line', () => {
    expect(summarizeComponents({ components: [media, details] })).toBe('MEDIA + DETAILS(website)');
    expect(summarizeComponents({ components: [{ type: 'SWIPEABLE_MEDIA', media_keys: ['a', 'b', 'c'] }, button()] })).toBe(
      'SWIPEABLE_MEDIA(3) + BUTTON(INSTALL, app)',
    );
    expect(
      summarizeComponents({
        slides: [
          [media, details],
          [media, details],
          [media, details],
        ],
      }),
    ).toBe('3 slides: MEDIA + DETAILS(website)');
    expect(summarizeComponents({ components: [] })).toBe('');
    expect(summarizeComponents({})).toBe('');
  });
});
