// Creatives state per ad account, seeded on first use: a media library of 30
// items (20 images, 5 videos, 4 GIFs, 1 AMPLIFY_VIDEO) for paging, media that
// was uploaded but not yet added, account media, cards (one legacy), poll
// cards, a video conversation card and a post; plus small shared helpers.
import { adsError, fail } from '../replies.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest } from '../types.js';

const SEED_TIME = '2026-01-05T10:00:00Z';
const KEY_BASE = 1720000000000000000n;

export interface LibraryItem {
  media_key: string;
  media_type: 'GIF' | 'IMAGE' | 'VIDEO';
  media_category: 'POST_IMAGE' | 'POST_VIDEO' | 'POST_GIF' | 'AMPLIFY_VIDEO';
  media_status: string;
  media_url: string;
  name: string | null;
  file_name: string | null;
  title: string | null;
  description: string | null;
  poster_media_key: string | null;
  poster_media_url: string | null;
  duration: number | null;
  aspect_ratio: string;
  posted: boolean;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

export type Upload = Pick<LibraryItem, 'media_key' | 'media_type' | 'media_category' | 'duration' | 'aspect_ratio'>;

interface AccountMediaItem {
  id: string;
  creative_type: string;
  video_id: string | null;
  media_url: string | null;
  created_at: string;
  updated_at: string;
  deleted: boolean;
}

export interface CardItem {
  id: string;
  name: string;
  card_type: string;
  card_uri: string;
  components?: unknown[];
  slides?: unknown[][];
  created_at: string;
  updated_at: string;
  deleted: boolean;
  /** Not from the create endpoint: listed only with include_legacy_cards. */
  legacy?: boolean;
}

export type FlatCard = Record<string, unknown> & { id: string; name: string; card_uri: string; created_at: string; deleted: boolean };

export interface AdPostItem {
  id: number;
  id_str: string;
  text: string;
  full_text: string;
  name: string | null;
  nullcast: boolean;
  conversation_settings: string;
  post_type: string;
  scheduled_status: null;
  scheduled_at: null;
  card_uri: string | null;
  media_keys: string[];
  user: { id: number; id_str: string };
  lang: string;
  entities: { hashtags: unknown[]; urls: unknown[]; user_mentions: unknown[] };
  favorite_count: number;
  retweet_count: number;
  created_at: string;
}

export interface CreativesState {
  library: LibraryItem[];
  uploads: Map<string, Upload>;
  accountMedia: AccountMediaItem[];
  cards: CardItem[];
  polls: FlatCard[];
  vccs: FlatCard[];
  posts: AdPostItem[];
  counter: number;
}

/** An advertiser who granted the emulator user's handle access (as_user_id). */
export const GRANTING_ADVERTISER = '756201191';

const mediaKey = (prefix: number, n: number | bigint) => `${prefix}_${KEY_BASE + BigInt(n)}`;
const PREFIX = { IMAGE: 3, VIDEO: 7, GIF: 16 } as const;

function mediaUrl(key: string, type: LibraryItem['media_type']): string {
  return `https://media.emulator.invalid/${type === 'VIDEO' ? 'video' : type === 'GIF' ? 'gif' : 'img'}/${key}.${type === 'IMAGE' ? 'jpg' : 'mp4'}`;
}

export function libraryItem(u: Upload, extra: Partial<LibraryItem> = {}, time = SEED_TIME): LibraryItem {
  return {
    media_key: u.media_key,
    media_type: u.media_type,
    media_category: u.media_category,
    media_status: 'TRANSCODE_COMPLETED',
    media_url: mediaUrl(u.media_key, u.media_type),
    name: null,
    file_name: null,
    title: null,
    description: null,
    poster_media_key: null,
    poster_media_url: u.media_type === 'VIDEO' ? mediaUrl(u.media_key, 'IMAGE') : null,
    duration: u.duration,
    aspect_ratio: u.aspect_ratio,
    posted: false,
    created_at: time,
    updated_at: time,
    deleted: false,
    ...extra,
  };
}

function seedLibrary(): LibraryItem[] {
  const items: LibraryItem[] = [];
  for (let n = 1; n <= 20; n++) {
    items.push(
      libraryItem(
        {
          media_key: mediaKey(PREFIX.IMAGE, n),
          media_type: 'IMAGE',
          media_category: 'POST_IMAGE',
          duration: null,
          aspect_ratio: n % 3 === 0 ? '1:1' : '1.91:1',
        },
        { name: `Image ${n}`, file_name: `image-${n}.jpg` },
      ),
    );
  }
  const videos: Array<[number, string, number]> = [
    [21, '16:9', 15300],
    [22, '16:9', 30000],
    [23, '1:1', 10000],
    [24, '9:16', 20000],
    [25, '16:9', 60000],
  ];
  for (const [n, ratio, ms] of videos) {
    items.push(
      libraryItem(
        { media_key: mediaKey(PREFIX.VIDEO, n), media_type: 'VIDEO', media_category: 'POST_VIDEO', duration: ms, aspect_ratio: ratio },
        { name: `Video ${n}`, file_name: `video-${n}.mp4`, title: `Video ${n}`, description: `A ${ratio} video` },
      ),
    );
  }
  for (let n = 26; n <= 29; n++)
    items.push(
      libraryItem(
        { media_key: mediaKey(PREFIX.GIF, n), media_type: 'GIF', media_category: 'POST_GIF', duration: 2500, aspect_ratio: '1:1' },
        { name: `GIF ${n}`, file_name: `loop-${n}.gif` },
      ),
    );
  items.push(
    libraryItem(
      { media_key: mediaKey(13, 30), media_type: 'VIDEO', media_category: 'AMPLIFY_VIDEO', duration: 45000, aspect_ratio: '16:9' },
      { name: 'Pre-roll launch', file_name: 'preroll.mp4', title: 'Launch pre-roll' },
    ),
  );
  return items;
}

function seedUploads(): Map<string, Upload> {
  const ups: Upload[] = [
    { media_key: mediaKey(PREFIX.IMAGE, 9001), media_type: 'IMAGE', media_category: 'POST_IMAGE', duration: null, aspect_ratio: '1.91:1' },
    { media_key: mediaKey(PREFIX.VIDEO, 9002), media_type: 'VIDEO', media_category: 'POST_VIDEO', duration: 12000, aspect_ratio: '16:9' },
    { media_key: mediaKey(13, 9003), media_type: 'VIDEO', media_category: 'AMPLIFY_VIDEO', duration: 30000, aspect_ratio: '16:9' },
    { media_key: mediaKey(PREFIX.GIF, 9004), media_type: 'GIF', media_category: 'POST_GIF', duration: 3000, aspect_ratio: '1:1' },
    { media_key: mediaKey(PREFIX.IMAGE, 9005), media_type: 'IMAGE', media_category: 'POST_IMAGE', duration: null, aspect_ratio: '1:1' },
  ];
  return new Map(ups.map((u) => [u.media_key, u]));
}

// biome-ignore lint/complexity/noExcessiveLinesPerFunction: the seeded fixture records of the creatives state, not logic
function seed(): CreativesState {
  const s: CreativesState = {
    library: seedLibrary(),
    uploads: seedUploads(),
    accountMedia: [],
    cards: [],
    polls: [],
    vccs: [],
    posts: [],
    counter: 0,
  };
  const am = (creative_type: string, video_id: string | null, media_url: string | null): AccountMediaItem => ({
    id: shortId(s),
    creative_type,
    video_id,
    media_url,
    created_at: SEED_TIME,
    updated_at: SEED_TIME,
    deleted: false,
  });
  s.accountMedia.push(
    am('BANNER', null, 'https://media.emulator.invalid/img/banner.png'),
    am('INTERSTITIAL', null, 'https://media.emulator.invalid/img/interstitial.png'),
    am('MEDIUM_RECTANGLE', null, 'https://media.emulator.invalid/img/mrec.png'),
    am('PREROLL', mediaKey(13, 30).split('_')[1]!, null),
    am('VAST_PREROLL', '1720000000000000777', null),
  );
  const card = (id: string, name: string, card_type: string, components: unknown[], legacy = false): CardItem => ({
    id,
    name,
    card_type,
    card_uri: `card://${id}`,
    components,
    created_at: SEED_TIME,
    updated_at: SEED_TIME,
    deleted: false,
    ...(legacy ? { legacy } : {}),
  });
  s.cards.push(
    card('1505723617405960001', 'Seeded website card', 'IMAGE_WEBSITE', [
      { type: 'MEDIA', media_key: mediaKey(PREFIX.IMAGE, 1) },
      { type: 'DETAILS', title: 'Spring', destination: { type: 'WEBSITE', url: 'https://example.com/spring' } },
    ]),
    card('1505723617405960002', 'Seeded app card', 'VIDEO_APP', [
      { type: 'MEDIA', media_key: mediaKey(PREFIX.VIDEO, 21) },
      {
        type: 'BUTTON',
        label: { type: 'ENUM', value: 'INSTALL' },
        destination: { type: 'APP', country_code: 'US', ios_app_store_identifier: '333903271' },
      },
    ]),
    card('1505723617405960003', 'Legacy conversation card', 'IMAGE_CONVERSATION', [], true),
  );
  const poll = (id: string, name: string, choices: string[], minutes: number): FlatCard => ({
    id,
    name,
    card_type: 'TEXT_POLLS',
    card_uri: `card://${id}`,
    first_choice: choices[0],
    second_choice: choices[1],
    third_choice: choices[2] ?? null,
    fourth_choice: choices[3] ?? null,
    duration_in_minutes: String(minutes),
    start_time: SEED_TIME,
    end_time: new Date(Date.parse(SEED_TIME) + minutes * 60_000).toISOString().replace('.000Z', 'Z'),
    created_at: SEED_TIME,
    updated_at: SEED_TIME,
    deleted: false,
  });
  s.polls.push(
    poll('1505723617405960101', 'Lunch poll', ['Pizza', 'Salad', 'Soup'], 1440),
    poll('1505723617405960102', 'Weekend poll', ['Beach', 'Hills'], 10080),
  );
  const v = s.library.find((i) => i.media_key === mediaKey(PREFIX.VIDEO, 21))!;
  s.vccs.push({
    id: '1505723617405960201',
    name: 'Team colours',
    card_type: 'VIDEO_CONVERSATION',
    card_uri: 'card://1505723617405960201',
    title: 'Pick a side',
    first_cta: '#TeamBlue',
    first_cta_post: 'I am #TeamBlue',
    second_cta: '#TeamRed',
    second_cta_post: 'I am #TeamRed',
    thank_you_text: 'Thanks!',
    thank_you_url: null,
    media_key: v.media_key,
    media_url: v.media_url,
    poster_media_url: v.poster_media_url,
    video_owner_id: GRANTING_ADVERTISER,
    video_width: '1920',
    video_height: '1080',
    created_at: SEED_TIME,
    updated_at: SEED_TIME,
    deleted: false,
  });
  s.posts.push(postItem('1505723617405960501', GRANTING_ADVERTISER, 'Seeded promoted post', { name: 'Seeded', time: SEED_TIME }));
  return s;
}

export function postItem(
  idStr: string,
  userId: string,
  text: string,
  o: {
    name?: string | null;
    nullcast?: boolean;
    conversation_settings?: string;
    card_uri?: string | null;
    media_keys?: string[];
    time: string;
  },
): AdPostItem {
  return {
    id: Number(idStr),
    id_str: idStr,
    text,
    full_text: text,
    name: o.name ?? null,
    nullcast: o.nullcast ?? true,
    conversation_settings: o.conversation_settings ?? 'EVERYONE',
    post_type: 'PUBLISHED',
    scheduled_status: null,
    scheduled_at: null,
    card_uri: o.card_uri ?? null,
    media_keys: o.media_keys ?? [],
    user: { id: Number(userId), id_str: userId },
    lang: 'en',
    entities: { hashtags: [], urls: [], user_mentions: [] },
    favorite_count: 0,
    retweet_count: 0,
    created_at: o.time,
  };
}

/** The account's creatives (seeded on first use). */
export function creatives(state: EmulatorState, accountId: string): CreativesState {
  const all = state.slice('ads.creatives', () => new Map<string, CreativesState>());
  let s = all.get(accountId);
  if (!s) all.set(accountId, (s = seed()));
  return s;
}

/** Short base-36 ids, like the API's account media ids. */
export function shortId(s: CreativesState): string {
  s.counter++;
  return (1_500_000 + s.counter * 7).toString(36);
}

/** The platform's media key prefixes: 3_ photo, 7_ video, 13_ amplify video, 16_ animated GIF. */
export function uploadFor(s: CreativesState, key: string): Upload | undefined {
  const known = s.uploads.get(key);
  if (known) return known;
  const m = /^(3|7|13|16)_\d{1,19}$/.exec(key);
  if (!m) return undefined;
  const p = m[1];
  if (p === '3') return { media_key: key, media_type: 'IMAGE', media_category: 'POST_IMAGE', duration: null, aspect_ratio: '1.91:1' };
  if (p === '16') return { media_key: key, media_type: 'GIF', media_category: 'POST_GIF', duration: 3000, aspect_ratio: '1:1' };
  return {
    media_key: key,
    media_type: 'VIDEO',
    media_category: p === '13' ? 'AMPLIFY_VIDEO' : 'POST_VIDEO',
    duration: 20000,
    aspect_ratio: '16:9',
  };
}

export function libraryGet(s: CreativesState, key: string): LibraryItem | undefined {
  return s.library.find((i) => i.media_key === key && !i.deleted);
}

export function bad(req: EmuRequest, parameter: string, message: string, code = 'INVALID_PARAMETER'): never {
  fail(adsError(400, code, message, parameter, req));
}

export function missing(req: EmuRequest, parameter: string): never {
  fail(adsError(400, 'MISSING_PARAMETER', `${parameter} is required`, parameter, req));
}

export function notFound(req: EmuRequest, parameter: string, what: string): never {
  fail(adsError(404, 'NOT_FOUND', `${what} not found`, parameter, req));
}

/** Code-point length, as the API counts. */
export const len = (s: string) => [...s].length;

/** Comma-list filter with the 200-id cap. */
export function idFilter(req: EmuRequest, name: string, max = 200): string[] | undefined {
  const raw = req.query.get(name);
  if (raw === null) return undefined;
  const ids = raw
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (ids.length > max) bad(req, name, `${name} takes at most ${max} values`);
  return ids;
}

export function qParam(req: EmuRequest, min: number, max: number): string | undefined {
  const q = req.query.get('q');
  if (q === null) return undefined;
  if (len(q) < min || len(q) > max) bad(req, 'q', `q must be ${min} to ${max} characters`);
  return q.toLowerCase();
}

/** sort_by=attribute-asc|desc over the items' own fields. */
export function sorted<T extends object>(req: EmuRequest, items: T[]): T[] {
  const raw = req.query.get('sort_by');
  if (raw === null) return items;
  const m = /^(\w+)-(asc|desc)$/.exec(raw);
  if (!m) bad(req, 'sort_by', 'sort_by must be attribute-asc or attribute-desc');
  const [, attr, dir] = m;
  const sign = dir === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const x = String((a as Record<string, unknown>)[attr!] ?? '');
    const y = String((b as Record<string, unknown>)[attr!] ?? '');
    return x < y ? -sign : x > y ? sign : 0;
  });
}

/** with_deleted on a single-object GET. */
export function visible<T extends { deleted: boolean }>(req: EmuRequest, item: T | undefined): T | undefined {
  return item && (!item.deleted || req.query.get('with_deleted') === 'true') ? item : undefined;
}
