// Chunked media upload (openapi v2.159 dedicated endpoints): stateful sessions
// keyed by media id, segment bookkeeping, FINALIZE checking that the segments
// are 0…n-1 and add up to total_bytes, STATUS walking a video or GIF through
// pending → in_progress → succeeded (failed when a video lacks its container
// header) with check_after_secs, and alt text metadata. The bytes stay in the
// session so tests can compare them with the file. The rules are the
// emulator's own table, written from the reference.
import { boundaryOf, parseMultipart, type FormPart } from '../multipart.js';
import { fail, problem } from '../replies.js';
import type { Router } from '../router.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';

const MB = 1024 * 1024;
const TYPES = [
  'video/mp4',
  'video/webm',
  'video/mp2t',
  'video/quicktime',
  'text/srt',
  'text/vtt',
  'image/jpeg',
  'image/gif',
  'image/bmp',
  'image/png',
  'image/webp',
  'image/pjpeg',
  'image/tiff',
  'model/gltf-binary',
  'model/vnd.usdz+zip',
];
const STILL = ['image/jpeg', 'image/pjpeg', 'image/png', 'image/webp', 'image/bmp', 'image/tiff'];
const MOVING = ['video/mp4', 'video/quicktime', 'video/webm', 'video/mp2t'];
/** category → accepted types, size limit, media key prefix, processed after finalize. */
const CATEGORIES: Record<string, { types: string[]; max: number; prefix: number; processed: boolean }> = {
  tweet_image: { types: STILL, max: 5 * MB, prefix: 3, processed: false },
  dm_image: { types: STILL, max: 5 * MB, prefix: 3, processed: false },
  tweet_gif: { types: ['image/gif'], max: 15 * MB, prefix: 16, processed: true },
  dm_gif: { types: ['image/gif'], max: 15 * MB, prefix: 16, processed: true },
  tweet_video: { types: MOVING, max: 512 * MB, prefix: 7, processed: true },
  dm_video: { types: MOVING, max: 512 * MB, prefix: 7, processed: true },
  amplify_video: { types: MOVING, max: 512 * MB, prefix: 13, processed: true },
  subtitles: { types: ['text/srt', 'text/vtt'], max: 17_179_869_184, prefix: 3, processed: false },
};
/** Category names the emulator takes in either spelling: neutral → official (the table's keys). */
const CATEGORY_NAME_PAIRS: Record<string, string> = { post_image: 'tweet_image', post_gif: 'tweet_gif', post_video: 'tweet_video' };
const INIT_FIELDS = ['additional_owners', 'media_category', 'media_type', 'shared', 'total_bytes'];
const EXPIRES_SECS = 86_400;
const STEPS = ['pending', 'in_progress', 'succeeded'] as const;

export interface MediaSession {
  id: string;
  media_key: string;
  media_type: string;
  media_category: string;
  total_bytes: number;
  segments: Map<number, Buffer>;
  /** The assembled file, after finalize. */
  bytes?: Buffer;
  /** Index into STEPS, or 'failed'; undefined until finalized or when not processed. */
  step?: number | 'failed';
  alt_text?: string;
  expires_at: number;
}

export function mediaSessions(state: EmulatorState): Map<string, MediaSession> {
  return state.slice('platform-media', () => new Map<string, MediaSession>());
}

const invalid = (detail: string, parameters: Record<string, unknown> = {}): never =>
  fail(problem(400, 'invalid-request', 'Invalid Request', detail, { errors: [{ message: detail, parameters }] }));

function session(_req: EmuRequest, state: EmulatorState, id: string | null | undefined): MediaSession {
  if (!id || !/^[0-9]{1,19}$/.test(id)) invalid(`The \`media_id\` value [${id ?? ''}] does not match ^[0-9]{1,19}$`, { media_id: [id] });
  const s = mediaSessions(state).get(id!);
  if (!s || s.expires_at < state.now())
    fail(
      problem(404, 'resource-not-found', 'Not Found Error', `Could not find media upload with id: [${id}].`, {
        parameter: 'media_id',
        value: id,
        resource_id: id,
        resource_type: 'media',
      }),
    );
  return s!;
}

function initialize(req: EmuRequest, state: EmulatorState): EmuResponse {
  const body = req.json<Record<string, unknown>>();
  if (!body || typeof body !== 'object' || Array.isArray(body)) invalid('The request body must be a JSON object');
  for (const k of Object.keys(body)) if (!INIT_FIELDS.includes(k)) invalid(`Unknown field [${k}]`, { [k]: [String(body[k])] });
  const type = body.media_type;
  if (typeof type !== 'string' || !TYPES.includes(type))
    invalid(`media_type must be one of ${TYPES.join(', ')}`, { media_type: [String(type)] });
  const total = body.total_bytes;
  if (typeof total !== 'number' || !Number.isInteger(total) || total < 0 || total > 17_179_869_184)
    invalid('total_bytes must be an integer from 0 to 17179869184', { total_bytes: [String(total)] });
  const given = String(
    body.media_category ?? (type === 'image/gif' ? 'tweet_gif' : MOVING.includes(type as string) ? 'tweet_video' : 'tweet_image'),
  );
  const category = CATEGORY_NAME_PAIRS[given] ?? given;
  const rule = CATEGORIES[category];
  if (!rule) invalid(`media_category must be one of ${Object.keys(CATEGORIES).join(', ')}`, { media_category: [category] });
  if (!rule!.types.includes(type as string)) invalid(`${type} is not allowed for media_category ${category}`, { media_type: [type] });
  if ((total as number) > rule!.max)
    invalid(`total_bytes ${total} exceeds the ${rule!.max} bytes allowed for ${category}`, { total_bytes: [String(total)] });
  const id = state.nextId();
  const s: MediaSession = {
    id,
    media_key: `${rule!.prefix}_${id}`,
    media_type: type as string,
    media_category: category,
    total_bytes: total as number,
    segments: new Map(),
    expires_at: state.now() + EXPIRES_SECS * 1000,
  };
  mediaSessions(state).set(id, s);
  return { status: 200, body: { data: { id, media_key: s.media_key, expires_after_secs: EXPIRES_SECS } } };
}

function append(req: EmuRequest, state: EmulatorState): EmuResponse {
  const s = session(req, state, req.params.id);
  if (s.bytes) invalid(`Media [${s.id}] is already finalized`, { id: [s.id] });
  const boundary = boundaryOf(req.headers['content-type']);
  if (!boundary) invalid('append takes a multipart/form-data body');
  let parts: FormPart[] = [];
  try {
    parts = parseMultipart(req.raw, boundary!);
  } catch (e) {
    invalid(`The multipart body is malformed: ${(e as Error).message}`);
  }
  const index = parts.find((p) => p.name === 'segment_index')?.data.toString('utf8');
  const media = parts.find((p) => p.name === 'media');
  if (index === undefined || !/^[0-9]{1,3}$/.test(index))
    invalid('segment_index must be an integer from 0 to 999', { segment_index: [index ?? null] });
  if (!media) invalid('The media part is required', { media: [null] });
  const others = [...s.segments].filter(([i]) => i !== Number(index)).reduce((n, [, b]) => n + b.length, 0);
  if (others + media!.data.length > s.total_bytes)
    invalid(`The segments add up to more than total_bytes ${s.total_bytes}`, { segment_index: [index] });
  // A repeated segment_index replaces that segment: appends are safe to retry.
  s.segments.set(Number(index), Buffer.from(media!.data));
  return { status: 200, body: { data: { expires_at: Math.floor(s.expires_at / 1000) } } };
}

function statusBody(s: MediaSession, emu: EmulatorState): EmuResponse {
  const data: Record<string, unknown> = {
    id: s.id,
    media_key: s.media_key,
    size: s.total_bytes,
    expires_after_secs: Math.max(0, Math.floor((s.expires_at - emu.now()) / 1000)),
  };
  if (s.step === 'failed')
    data.processing_info = {
      state: 'failed',
      progress_percent: 100,
      error: { code: 1, name: 'InvalidMedia', message: 'Unsupported video container: no ftyp box' },
    };
  else if (s.step !== undefined) {
    const state = STEPS[s.step]!;
    data.processing_info = {
      state,
      ...(state === 'succeeded'
        ? { progress_percent: 100 }
        : { check_after_secs: emu.options.mediaCheckAfterSecs ?? 1, progress_percent: s.step * 50 }),
    };
  }
  return { status: 200, body: { data } };
}

function finalize(req: EmuRequest, state: EmulatorState): EmuResponse {
  const s = session(req, state, req.params.id);
  if (s.bytes) return statusBody(s, state);
  const indexes = [...s.segments.keys()].sort((a, b) => a - b);
  const missing = indexes.length ? Array.from({ length: indexes.at(-1)! + 1 }, (_, i) => i).filter((i) => !s.segments.has(i)) : [0];
  if (missing.length) invalid(`Segments ${missing.join(', ')} are missing`, { id: [s.id] });
  const bytes = Buffer.concat(indexes.map((i) => s.segments.get(i)!));
  if (bytes.length !== s.total_bytes) invalid(`The segments hold ${bytes.length} bytes; total_bytes is ${s.total_bytes}`, { id: [s.id] });
  s.bytes = bytes;
  s.segments.clear();
  if (CATEGORIES[s.media_category]!.processed) s.step = 0;
  return statusBody(s, state);
}

function status(req: EmuRequest, state: EmulatorState): EmuResponse {
  const command = req.query.get('command');
  if (command !== null && command !== 'STATUS') invalid('command must be STATUS', { command: [command] });
  const s = session(req, state, req.query.get('media_id'));
  if (!s.bytes) invalid(`Media [${s.id}] is not finalized yet`, { media_id: [s.id] });
  if (typeof s.step === 'number' && s.step < STEPS.length - 1) {
    s.step += 1;
    // A video without its container header fails processing instead of succeeding.
    const container = ['video/mp4', 'video/quicktime'].includes(s.media_type);
    if (STEPS[s.step] === 'succeeded' && container && s.bytes!.subarray(4, 8).toString('latin1') !== 'ftyp') s.step = 'failed';
  }
  return statusBody(s, state);
}

function metadata(req: EmuRequest, state: EmulatorState): EmuResponse {
  const body = req.json<{ id?: unknown; metadata?: { alt_text?: { text?: unknown } } }>();
  const s = session(req, state, typeof body?.id === 'string' ? body.id : null);
  const text = body.metadata?.alt_text?.text;
  if (typeof text !== 'string' || [...text].length > 1000)
    invalid('metadata.alt_text.text must be a string of at most 1000 characters', { alt_text: [String(text)] });
  s.alt_text = text as string;
  return { status: 200, body: { data: { id: s.id, associated_metadata: { alt_text: { text } } } } };
}

export function register(r: Router, state: EmulatorState): void {
  r.route({ method: 'POST', path: '/2/media/upload/initialize', api: 'platform', auth: 'user', handler: (req) => initialize(req, state) });
  r.route({ method: 'POST', path: '/2/media/upload/:id/append', api: 'platform', auth: 'user', handler: (req) => append(req, state) });
  r.route({ method: 'POST', path: '/2/media/upload/:id/finalize', api: 'platform', auth: 'user', handler: (req) => finalize(req, state) });
  r.route({ method: 'GET', path: '/2/media/upload', api: 'platform', auth: 'user', handler: (req) => status(req, state) });
  r.route({ method: 'POST', path: '/2/media/metadata', api: 'platform', auth: 'user', handler: (req) => metadata(req, state) });
}
