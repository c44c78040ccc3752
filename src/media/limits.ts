// Media upload rules as data (openapi v2.159 MediaUploadConfigRequest and
// MediaCategory; sizes from the public best-practices page,
// https://docs.x.com/x-api/media/quickstart/best-practices: images 5 MB,
// GIFs 15 MB, videos 512 MB), and the pure check of one file before anything
// is sent. The media type comes from the file name unless --media-type says.
import { extname } from 'node:path';
import type { InputProblem } from '../errors/cli-error.js';
import { charLength } from '../validate/rules.js';
import { wire, type NameStyle, type WireKey } from '../wire/names.js';

/**
 * Categories by a style-free id. A post's own image/GIF/video categories carry
 * the brand on the wire, so their names come from src/wire/names.ts; the
 * others are spelled the same in both styles.
 */
const CATEGORY_IDS = ['image', 'gif', 'video', 'amplify_video', 'dm_image', 'dm_gif', 'dm_video', 'subtitles'] as const;
export type MediaCategory = (typeof CATEGORY_IDS)[number];
const BRANDED: Partial<Record<MediaCategory, WireKey>> = {
  image: 'value.media_category.image',
  gif: 'value.media_category.gif',
  video: 'value.media_category.video',
};

/** The category's name on the wire (and in output) for a name style. */
export function categoryName(id: MediaCategory, style: NameStyle): string {
  const key = BRANDED[id];
  return key ? wire(key, style) : id;
}

/** A category given in either spelling. */
export function parseCategory(value: string): MediaCategory | undefined {
  return CATEGORY_IDS.find((id) => categoryName(id, 'official') === value || categoryName(id, 'neutral') === value);
}

/** Accepted spellings, for messages: the live service's names. */
const MEDIA_CATEGORIES: readonly string[] = CATEGORY_IDS.map((id) => categoryName(id, 'official'));

/** Every media_type the initialize endpoint accepts (MediaUploadConfigRequest.media_type). */
const MEDIA_TYPES = [
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
] as const;

const EXTENSION_TYPES: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.gif': 'image/gif',
  '.mp4': 'video/mp4',
  '.m4v': 'video/mp4',
  '.mov': 'video/quicktime',
  '.webm': 'video/webm',
  '.ts': 'video/mp2t',
  '.srt': 'text/srt',
  '.vtt': 'text/vtt',
};

const MB = 1024 * 1024;
const STILL = ['image/jpeg', 'image/pjpeg', 'image/png', 'image/webp', 'image/bmp', 'image/tiff'];
const VIDEO = ['video/mp4', 'video/quicktime', 'video/webm', 'video/mp2t'];

export interface CategoryRule {
  kind: 'image' | 'gif' | 'video' | 'subtitles';
  types: readonly string[];
  /** Largest file in bytes; undefined: only the endpoint's own total_bytes bound. */
  maxBytes?: number;
}

export const CATEGORY_RULES: Readonly<Record<MediaCategory, CategoryRule>> = {
  image: { kind: 'image', types: STILL, maxBytes: 5 * MB },
  dm_image: { kind: 'image', types: STILL, maxBytes: 5 * MB },
  gif: { kind: 'gif', types: ['image/gif'], maxBytes: 15 * MB },
  dm_gif: { kind: 'gif', types: ['image/gif'], maxBytes: 15 * MB },
  video: { kind: 'video', types: VIDEO, maxBytes: 512 * MB },
  dm_video: { kind: 'video', types: VIDEO, maxBytes: 512 * MB },
  amplify_video: { kind: 'video', types: VIDEO, maxBytes: 512 * MB },
  subtitles: { kind: 'subtitles', types: ['text/srt', 'text/vtt'] },
};

/** MediaUploadConfigRequest.total_bytes maximum. */
const TOTAL_BYTES_MAX = 17_179_869_184;
/** MediaSegments: segment_index 0 to 999, so at most 1000 chunks. */
const MAX_SEGMENTS = 1000;
/** Chunk size in MiB: a few MB keeps memory flat; the legacy endpoint took at most 5 MB per append. */
const CHUNK_MIB = { min: 1, max: 5, def: 2 } as const;
/** AltText.text maxLength. */
const ALT_TEXT_MAX = 1000;

export interface MediaFlags {
  mediaType?: string | undefined;
  mediaCategory?: string | undefined;
  chunkSize?: string | undefined;
  altText?: string | undefined;
}

export interface MediaPlan {
  path: string;
  size: number;
  mediaType: string;
  category: MediaCategory;
  chunkBytes: number;
  segments: number;
}

/** The default category for a media type: the post's own image, GIF or video category, or subtitles. */
export function defaultCategory(mediaType: string): MediaCategory | undefined {
  if (mediaType === 'image/gif') return 'gif';
  if (STILL.includes(mediaType)) return 'image';
  if (VIDEO.includes(mediaType)) return 'video';
  if (mediaType === 'text/srt' || mediaType === 'text/vtt') return 'subtitles';
  return undefined;
}

/** The chunk size in bytes from --chunk-size (MiB), or a problem. */
export function chunkBytes(flag: string | undefined): number | string {
  if (flag === undefined) return CHUNK_MIB.def * MB;
  if (!/^\d+$/.test(flag) || Number(flag) < CHUNK_MIB.min || Number(flag) > CHUNK_MIB.max)
    return `must be a whole number of MiB from ${CHUNK_MIB.min} to ${CHUNK_MIB.max} (got ${JSON.stringify(flag)})`;
  return Number(flag) * MB;
}

/** Checks one file (its size already known) against the flags; problems name the file. */
export function planUpload(path: string, size: number, flags: MediaFlags): { plan?: MediaPlan; problems: InputProblem[] } {
  const problems: InputProblem[] = [];
  const add = (field: string, message: string) => problems.push({ field, message, id: path });
  const mediaType = flags.mediaType ?? EXTENSION_TYPES[extname(path).toLowerCase()];
  if (mediaType === undefined)
    add('media_type', `cannot tell the media type from the file name; pass --media-type (${MEDIA_TYPES.join(', ')})`);
  else if (!(MEDIA_TYPES as readonly string[]).includes(mediaType))
    add('media_type', `must be one of ${MEDIA_TYPES.join(', ')} (got ${JSON.stringify(mediaType)})`);
  const category =
    flags.mediaCategory !== undefined ? parseCategory(flags.mediaCategory) : mediaType ? defaultCategory(mediaType) : undefined;
  const rule = category ? CATEGORY_RULES[category] : undefined;
  const named = category ? categoryName(category, 'official') : 'media';
  if (flags.mediaCategory !== undefined && !rule)
    add('media_category', `must be one of ${MEDIA_CATEGORIES.join(', ')} (got ${JSON.stringify(flags.mediaCategory)})`);
  else if (!rule && mediaType && problems.length === 0)
    add('media_category', `no default for ${mediaType}; pass --media-category (${MEDIA_CATEGORIES.join(', ')})`);
  if (rule && mediaType && !rule.types.includes(mediaType))
    add('media_category', `${named} takes ${rule.types.join(', ')}; this file is ${mediaType}`);
  if (size === 0) add('total_bytes', 'the file is empty');
  const max = Math.min(rule?.maxBytes ?? TOTAL_BYTES_MAX, TOTAL_BYTES_MAX);
  if (size > max)
    add(
      'total_bytes',
      `${named} files may be at most ${max.toLocaleString('en-US')} bytes (${(max / MB).toFixed(0)} MiB); this one is ${size.toLocaleString('en-US')} bytes`,
    );
  const chunk = chunkBytes(flags.chunkSize);
  if (typeof chunk === 'string') add('chunk_size', chunk);
  else if (Math.ceil(size / chunk) > MAX_SEGMENTS)
    add(
      'chunk_size',
      `${Math.ceil(size / chunk)} chunks exceed the ${MAX_SEGMENTS} segments an upload may have; pass a larger --chunk-size`,
    );
  if (flags.altText !== undefined) {
    if (flags.altText.trim() === '') add('alt_text', 'must not be empty');
    else if (charLength(flags.altText) > ALT_TEXT_MAX)
      add('alt_text', `must be at most ${ALT_TEXT_MAX} characters (got ${charLength(flags.altText)})`);
    if (rule?.kind === 'subtitles') add('alt_text', 'subtitles take no alt text');
  }
  if (problems.length || !mediaType || !category || typeof chunk === 'string') return { problems };
  return { plan: { path, size, mediaType, category, chunkBytes: chunk, segments: Math.max(1, Math.ceil(size / chunk)) }, problems };
}

/** Categories whose uploads the service processes after FINALIZE (a STATUS poll follows). */
export function isProcessed(category: MediaCategory): boolean {
  const kind = CATEGORY_RULES[category].kind;
  return kind === 'video' || kind === 'gif';
}

/** MediaCategoryOneShot (openapi v2.159): the categories the one-request upload takes. */
const ONE_REQUEST_CATEGORIES: readonly MediaCategory[] = ['image', 'dm_image', 'subtitles'];
/** MediaUploadRequestOneShot.media_type: the types the one-request upload takes. */
const ONE_REQUEST_TYPES: readonly string[] = [
  'text/srt',
  'text/vtt',
  'image/jpeg',
  'image/bmp',
  'image/png',
  'image/webp',
  'image/pjpeg',
  'image/tiff',
];

/**
 * Whether a file goes up in one request (POST /2/media/upload) rather than
 * initialize/append/finalize. The reference does not say when one form is
 * preferable; this follows what the live service offers the one-request form
 * for: still images and subtitle files (category and type in the one-shot
 * enums) no larger than one chunk, so the single body is no bigger than an
 * append's. GIFs and videos keep the chunked upload: they are processed after
 * finalize and polled with STATUS. `--chunked` (and `--resume`) override it.
 */
export function fitsOneRequest(plan: MediaPlan): boolean {
  return ONE_REQUEST_CATEGORIES.includes(plan.category) && ONE_REQUEST_TYPES.includes(plan.mediaType) && plan.size <= plan.chunkBytes;
}
