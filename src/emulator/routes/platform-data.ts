// Deterministic platform objects for the emulator: every numeric post id
// exists (except ids starting with 9, which are "not found"), and its author,
// media, poll, place, metrics and entities follow from a hash of the id, so any
// batch size can be tested without fixtures and repeated runs agree.
import { createHash } from 'node:crypto';
import { EMU_USER } from '../state.js';

export type Obj = Record<string, any>;

const hash = (s: string) => createHash('sha256').update(s).digest();

/** Ids starting with 9 answer resource-not-found (tests rely on it). */
export const postExists = (id: string) => !id.startsWith('9');

/** Snowflake ids carry their creation time (ms since 2010-11-04T01:42:54.657Z) in the upper bits. */
function createdAt(id: string, h: Buffer): string {
  const ms = (BigInt(id) >> 22n) + 1288834974657n;
  const t = BigInt(id) >= 1n << 40n ? Number(ms) : Date.UTC(2026, 5, 1, 12) - h.readUInt16BE(10) * 60_000;
  return new Date(t).toISOString();
}

const SEED_USERS: Array<{ id: string; username: string; name: string; verified_type: string; location: string }> = [
  { id: EMU_USER.id, username: EMU_USER.screenName, name: 'Emulator Developer', verified_type: 'none', location: 'localhost' },
  { id: '783214', username: 'emu_news', name: 'Emulator News', verified_type: 'business', location: 'San Francisco, CA' },
  { id: '17874544', username: 'emu_support', name: 'Emulator Support', verified_type: 'government', location: 'Everywhere' },
  { id: '1526228120', username: 'emu_creator', name: 'Emu Creator', verified_type: 'blue', location: 'Lisbon' },
];

export function userByUsername(username: string): Obj | undefined {
  const u = SEED_USERS.find((x) => x.username === username);
  return u ? fullUser(u.id) : undefined;
}

/** A user with every field the spec lists (plus a few the real API adds). */
export function fullUser(id: string): Obj | undefined {
  const u = SEED_USERS.find((x) => x.id === id);
  if (!u) return undefined;
  const h = hash(`user:${id}`);
  const description = `Seeded ${u.name.toLowerCase()} account for #postctl tests, run by @${SEED_USERS[0]!.username}`;
  const tagAt = description.indexOf('#postctl');
  const mentionAt = description.indexOf('@');
  return {
    id: u.id,
    name: u.name,
    username: u.username,
    created_at: new Date(Date.UTC(2012, h[0]! % 12, 1 + (h[1]! % 28), 9)).toISOString(),
    description,
    location: u.location,
    url: 'https://t.co/emuPr0f1le',
    profile_image_url: `https://pbs.example.com/profile_images/${u.id}/avatar_normal.png`,
    protected: false,
    verified: u.verified_type !== 'none',
    verified_type: u.verified_type,
    pinned_post_id: '1445880548472328192',
    public_metrics: {
      followers_count: h.readUInt16BE(2) * 3,
      following_count: h[4]! * 2,
      post_count: h.readUInt16BE(5),
      listed_count: h[7]!,
    },
    entities: {
      url: {
        urls: [
          {
            start: 0,
            end: 23,
            url: 'https://t.co/emuPr0f1le',
            expanded_url: `https://example.com/${u.username}`,
            display_url: `example.com/${u.username}`,
          },
        ],
      },
      description: {
        hashtags: [{ start: tagAt, end: tagAt + 8, tag: 'postctl' }],
        mentions: [{ start: mentionAt, end: mentionAt + 1 + SEED_USERS[0]!.username.length, username: SEED_USERS[0]!.username }],
      },
    },
    // An array since Feb 18, 2025 (a single string before).
    affiliation: { user_id: u.id === EMU_USER.id ? [] : [EMU_USER.id], description: 'Emulator Inc.' },
    most_recent_post_id: '1460323737035677698',
    receives_your_dm: true,
    subscription_type: 'None',
    parody: false,
    verified_followers_count: h[8]! * 10,
  };
}

/** Media: 3_ photos, 7_ videos (two digit groups joined by an underscore). */
export function fullMedia(mediaKey: string): Obj | undefined {
  const m = /^(3|7|16)_(\d{1,19})$/.exec(mediaKey);
  if (!m) return undefined;
  const h = hash(`media:${mediaKey}`);
  const id = m[2]!;
  if (m[1] === '3') {
    return {
      media_key: mediaKey,
      type: 'photo',
      url: `https://pbs.example.com/media/${id}.jpg`,
      width: 1600,
      height: 900,
      alt_text: 'A terminal running postctl against the emulator',
    };
  }
  const video = m[1] === '7';
  const duration = video ? 5_000 + h.readUInt16BE(0) * 3 : 4_000;
  return {
    media_key: mediaKey,
    type: video ? 'video' : 'animated_gif',
    duration_ms: duration,
    public_metrics: { view_count: h.readUInt16BE(2) * 7 },
    preview_image_url: `https://pbs.example.com/ext_tw_video_thumb/${id}/pu/img/preview.jpg`,
    width: 1280,
    height: 720,
    variants: [
      { bit_rate: 2176000, content_type: 'video/mp4', url: `https://video.example.com/ext_tw_video/${id}/pu/vid/1280x720/clip.mp4` },
      { bit_rate: 832000, content_type: 'video/mp4', url: `https://video.example.com/ext_tw_video/${id}/pu/vid/640x360/clip.mp4` },
      { content_type: 'application/x-mpegURL', url: `https://video.example.com/ext_tw_video/${id}/pu/pl/playlist.m3u8` },
    ],
  };
}

export function fullPoll(pollId: string): Obj {
  const h = hash(`poll:${pollId}`);
  return {
    id: pollId,
    options: [
      { position: 1, label: 'Emulator', votes: h[0]! * 3 },
      { position: 2, label: 'Production', votes: h[1]! * 2 },
    ],
    duration_minutes: 1440,
    end_datetime: '2026-06-02T12:00:00.000Z',
    voting_status: 'closed',
  };
}

export function fullPlace(placeId: string): Obj {
  return {
    id: placeId,
    full_name: 'Manhattan, NY',
    name: 'Manhattan',
    country: 'United States',
    country_code: 'US',
    contained_within: [],
    geo: { type: 'Feature', bbox: [-74.026675, 40.683935, -73.910408, 40.877483], properties: {} },
    place_type: 'city',
  };
}

// Replies point at one of these roots, which never start with 9, so referenced posts always exist.
const ROOTS = ['1445880548472328192', '1460323737035677698', '1293593516040269825'];

/** A post with every field the spec lists that applies to it (replies, media, polls and places vary by id). */
// biome-ignore lint/complexity/noExcessiveLinesPerFunction: one fixture object literal (every field of a post), not logic
export function fullPost(id: string): Obj {
  const h = hash(`post:${id}`);
  const author = SEED_USERS[h[0]! % SEED_USERS.length]!;
  const mentioned = SEED_USERS[(h[0]! + 1) % SEED_USERS.length]!;
  const code = h.toString('base64url').slice(0, 10);
  const prefix = `Post ${id} from the emulator: shipping with `;
  const text = `${prefix}@${mentioned.username} #postctl https://t.co/${code}`;
  const mentionAt = prefix.length;
  const tagAt = text.indexOf('#postctl');
  const urlAt = text.indexOf('https://t.co/');
  const emulatorAt = text.indexOf('emulator');
  const created = createdAt(id, h);
  const reply = h[1]! % 5 === 0 && !ROOTS.includes(id);
  const parent = ROOTS[h[1]! % ROOTS.length]!;
  const mediaKind = h[2]! % 3;
  const mediaKeys = mediaKind === 0 ? [] : mediaKind === 1 ? [`3_${id}`] : [`7_${id}`];
  const pollId = h[3]! % 7 === 0 ? `1${id.slice(-18).padStart(18, '0')}` : undefined;
  const placeId = h[4]! % 6 === 0 ? '01a9a39529b27f36' : undefined;
  const post: Obj = {
    id,
    text,
    author_id: author.id,
    created_at: created,
    conversation_id: reply ? parent : id,
    possibly_sensitive: h[7]! % 20 === 0,
    lang: ['en', 'en', 'en', 'es', 'ja', 'de'][h[8]! % 6],
    // The release notes say `source` was removed from the payload, but the spec's example payloads still carry it.
    source: 'postctl emulator',
    ...(reply ? { in_reply_to_user_id: fullPostAuthor(parent), referenced_posts: [{ type: 'replied_to', id: parent }] } : {}),
    ...(mediaKeys.length || pollId
      ? { attachments: { ...(mediaKeys.length ? { media_keys: mediaKeys } : {}), ...(pollId ? { poll_ids: [pollId] } : {}) } }
      : {}),
    public_metrics: {
      repost_count: h[9]!,
      reply_count: h[10]! % 40,
      like_count: h.readUInt16BE(11) % 5000,
      quote_count: h[13]! % 20,
      impression_count: h.readUInt16BE(14) * 9,
    },
    entities: {
      urls: [
        {
          start: urlAt,
          end: text.length,
          url: `https://t.co/${code}`,
          expanded_url: `https://example.com/posts/${id}`,
          display_url: `example.com/posts/${id}`,
          unwound_url: `https://example.com/posts/${id}`,
          status: 200,
          title: `Release notes ${id}`,
          description: 'What changed in this build of the emulator',
          images: [{ url: `https://pbs.example.com/news_img/${id}/card.jpg`, width: 1200, height: 630 }],
        },
      ],
      mentions: [{ start: mentionAt, end: mentionAt + 1 + mentioned.username.length, username: mentioned.username }],
      hashtags: [{ start: tagAt, end: tagAt + 8, tag: 'postctl' }],
      annotations: [{ start: emulatorAt, end: emulatorAt + 7, probability: 0.8675, type: 'Product', normalized_text: 'emulator' }],
    },
    context_annotations: [
      {
        domain: { id: '66', name: 'Interests and Hobbies Category', description: 'A grouping of interests and hobbies entities' },
        entity: { id: '848920371311001600', name: 'Technology', description: 'Technology and computing' },
      },
    ],
    paid_partnership: h[6]! % 10 === 0,
    ...(h[5]! % 8 === 0 ? { community_id: '1493446837214187523' } : {}),
    // Fields beyond the spec's list, as the real API has them.
    edit_history_post_ids: [id],
    edit_controls: { edits_remaining: 5, is_edit_eligible: true, editable_until: new Date(Date.parse(created) + 3_600_000).toISOString() },
    reply_settings: 'everyone',
    display_text_range: [0, text.length],
    ...(placeId ? { geo: { place_id: placeId } } : {}),
  };
  return post;
}

function fullPostAuthor(id: string): string {
  return SEED_USERS[hash(`post:${id}`)[0]! % SEED_USERS.length]!.id;
}

/** Keeps the default fields plus the requested ones that the object has. */
export function pick(obj: Obj, defaults: readonly string[], requested: readonly string[]): Obj {
  const out: Obj = {};
  for (const k of [...defaults, ...requested]) if (obj[k] !== undefined && !(k in out)) out[k] = obj[k];
  return out;
}
