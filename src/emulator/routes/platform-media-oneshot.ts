// The one-request media upload, POST /2/media/upload (openapi v2.159
// MediaUploadRequestOneShot): a multipart/form-data or JSON body with `media`
// (bytes, or base64 in JSON) and `media_category` from MediaCategoryOneShot,
// optionally `media_type`, `shared` and `additional_owners`. The media is kept
// as a finished upload in the same store as the chunked sessions, so
// everything that takes an uploaded media id takes it. The rules are this
// file's own table, written from the reference.
import { boundaryOf, parseMultipart, type FormPart } from '../multipart.js';
import { fail, problem } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { mediaSessions, type MediaSession } from './platform-media.js';

const MB = 1024 * 1024;
const STILL = ['image/jpeg', 'image/bmp', 'image/png', 'image/webp', 'image/pjpeg', 'image/tiff'];
const SUBTITLES = ['text/srt', 'text/vtt'];
/** MediaCategoryOneShot (official names) → accepted types, size limit, media key prefix. */
const CATEGORIES: Record<string, { types: string[]; max: number; prefix: number }> = {
  tweet_image: { types: STILL, max: 5 * MB, prefix: 3 },
  dm_image: { types: STILL, max: 5 * MB, prefix: 3 },
  // The reference states no limit for subtitle files; the total_bytes bound of the chunked upload stands.
  subtitles: { types: SUBTITLES, max: 17_179_869_184, prefix: 3 },
};
/** The neutral spelling of a category, where it has one. */
const NEUTRAL: Record<string, string> = { tweet_image: 'post_image' };
const FIELDS = ['additional_owners', 'media', 'media_category', 'media_type', 'shared'];
const EXPIRES_SECS = 86_400;

const invalid = (detail: string, parameters: Record<string, unknown> = {}): never =>
  fail(problem(400, 'invalid-request', 'Invalid Request', detail, { errors: [{ message: detail, parameters }] }));

/** The category names this server takes in its naming mode → the table's key. */
function servedCategories(state: EmulatorState): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of Object.keys(CATEGORIES)) {
    const neutral = NEUTRAL[name] ?? name;
    if (state.names !== 'neutral') out.set(name, name);
    if (state.names !== 'official') out.set(neutral, name);
  }
  return out;
}

interface Fields {
  media?: Buffer;
  media_category?: unknown;
  media_type?: unknown;
  shared?: unknown;
  additional_owners?: unknown;
}

function multipartFields(req: EmuRequest, boundary: string): Fields {
  let parts: FormPart[] = [];
  try {
    parts = parseMultipart(req.raw, boundary);
  } catch (e) {
    invalid(`The multipart body is malformed: ${(e as Error).message}`);
  }
  const out: Record<string, unknown> = {};
  for (const p of parts) {
    if (!FIELDS.includes(p.name)) invalid(`Unknown field [${p.name}]`, { [p.name]: [null] });
    if (p.name in out) invalid(`Field [${p.name}] is given twice`, { [p.name]: [null] });
    out[p.name] = p.name === 'media' ? Buffer.from(p.data) : p.data.toString('utf8');
  }
  if (typeof out.shared === 'string') {
    if (out.shared !== 'true' && out.shared !== 'false') invalid('shared must be true or false', { shared: [out.shared] });
    out.shared = out.shared === 'true';
  }
  if (typeof out.additional_owners === 'string') out.additional_owners = out.additional_owners.split(',');
  return out as Fields;
}

function jsonFields(req: EmuRequest): Fields {
  let body: Record<string, unknown> | undefined;
  try {
    body = req.json<Record<string, unknown>>();
  } catch {
    invalid('The request body is not valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) invalid('The request body must be a JSON object');
  for (const k of Object.keys(body!)) if (!FIELDS.includes(k)) invalid(`Unknown field [${k}]`, { [k]: [String(body![k])] });
  const media = body!.media;
  if (media !== undefined && (typeof media !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(media) || media.length % 4 !== 0))
    invalid('media must be base64 in a JSON body', { media: [null] });
  return { ...body!, media: typeof media === 'string' ? Buffer.from(media, 'base64') : undefined };
}

/** The media type a body without `media_type` carries, from its first bytes. */
function sniff(bytes: Buffer, category: string): string | undefined {
  if (category === 'subtitles') return bytes.subarray(0, 6).toString('latin1') === 'WEBVTT' ? 'text/vtt' : 'text/srt';
  if (bytes.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47]))) return 'image/png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8) return 'image/jpeg';
  if (bytes.subarray(0, 2).toString('latin1') === 'BM') return 'image/bmp';
  if (['II*\0', 'MM\0*'].includes(bytes.subarray(0, 4).toString('latin1'))) return 'image/tiff';
  if (bytes.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return undefined;
}

function upload(req: EmuRequest, state: EmulatorState): EmuResponse {
  const boundary = boundaryOf(req.headers['content-type']);
  const f = boundary ? multipartFields(req, boundary) : jsonFields(req);
  if (!f.media) invalid('The media field is required', { media: [null] });
  if (f.media!.length === 0) invalid('media is empty', { media: [null] });
  const served = servedCategories(state);
  const category = typeof f.media_category === 'string' ? served.get(f.media_category) : undefined;
  if (!category)
    invalid(`media_category must be one of ${[...served.keys()].join(', ')}`, { media_category: [String(f.media_category ?? '')] });
  const rule = CATEGORIES[category!]!;
  if (f.media_type !== undefined && (typeof f.media_type !== 'string' || ![...STILL, ...SUBTITLES].includes(f.media_type)))
    invalid(`media_type must be one of ${[...SUBTITLES, ...STILL].join(', ')}`, { media_type: [String(f.media_type)] });
  const type = (f.media_type as string | undefined) ?? sniff(f.media!, category!);
  if (!type) invalid('media_type is required when the media is not a recognisable image', { media_type: [null] });
  if (!rule.types.includes(type!)) invalid(`${type} is not allowed for media_category ${category}`, { media_type: [type] });
  if (f.media!.length > rule.max)
    invalid(`The media is ${f.media!.length} bytes; ${category} allows ${rule.max}`, { media: [String(f.media!.length)] });
  if (f.shared !== undefined && typeof f.shared !== 'boolean') invalid('shared must be a boolean', { shared: [String(f.shared)] });
  const owners = f.additional_owners;
  if (owners !== undefined && (!Array.isArray(owners) || owners.some((o) => typeof o !== 'string' || !/^[0-9]{1,19}$/.test(o))))
    invalid('additional_owners must be user ids', { additional_owners: [String(owners)] });
  const id = state.nextId();
  const s: MediaSession = {
    id,
    media_key: `${rule.prefix}_${id}`,
    media_type: type!,
    media_category: category!,
    total_bytes: f.media!.length,
    segments: new Map(),
    bytes: f.media!,
    expires_at: state.now() + EXPIRES_SECS * 1000,
  };
  mediaSessions(state).set(id, s);
  return { status: 200, body: { data: { id, media_key: s.media_key, size: s.total_bytes, expires_after_secs: EXPIRES_SECS } } };
}

export function register(r: Router, state: EmulatorState): void {
  r.route({ method: 'POST', path: '/2/media/upload', api: 'platform', auth: 'user', handler: (req) => upload(req, state) });
}
