// Media upload endpoints. Followed: the dedicated chunked endpoints of openapi
// v2.159 (the names contract; v2.167 has the same four paths):
// POST /2/media/upload/initialize (JSON), POST /2/media/upload/{id}/append
// (multipart/form-data: segment_index + media), POST /2/media/upload/{id}/finalize,
// GET /2/media/upload?command=STATUS&media_id=…, and POST /2/media/metadata for
// alt text; plus the one-request POST /2/media/upload (operation mediaUpload)
// for small images and subtitle files. The older command-driven form (the
// same path with command=INIT…, shown in media-upload-chunked.mdx) is not used. The paths carry no brand, so
// they have no entry in src/wire/names.ts.
import { randomBytes } from 'node:crypto';
import type { ApiClient } from '../http/client.js';
import { idSegment, joinPath } from '../http/path.js';
import { NetworkError } from '../errors/cli-error.js';
import { clip, neutralize } from '../output/sanitize.js';

interface ProcessingInfo {
  state: 'pending' | 'in_progress' | 'succeeded' | 'failed' | string;
  check_after_secs?: number;
  progress_percent?: number;
  error?: { code?: number; name?: string; message?: string };
}

export interface MediaUploadData {
  id: string;
  media_key?: string;
  size?: number;
  expires_after_secs?: number;
  processing_info?: ProcessingInfo;
}

interface Envelope<T> {
  data?: T;
}

export async function initializeUpload(
  client: ApiClient,
  body: { media_type: string; total_bytes: number; media_category: string },
): Promise<MediaUploadData> {
  // Not retried on 5xx: a lost answer would leave an orphan session (it expires on its own).
  const res = await client.request<Envelope<MediaUploadData>>({
    method: 'POST',
    path: joinPath('2', 'media', 'upload', 'initialize'),
    json: body,
  });
  return requireData(res.body, 'initialize');
}

/** One multipart/form-data body: the text fields in order, then the bytes as the `media` file part. */
function multipartBody(fields: readonly (readonly [string, string])[], media: Buffer): { body: Buffer; contentType: string } {
  const boundary = `postctl-${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(
    fields.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`).join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="media"; filename="blob"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, media, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One append's body: segment_index, then the chunk as the `media` file part. */
export function multipartSegment(index: number, chunk: Buffer): { body: Buffer; contentType: string } {
  return multipartBody([['segment_index', String(index)]], chunk);
}

/**
 * The one-request upload, POST /2/media/upload (MediaUploadRequestOneShot) as
 * multipart/form-data: media_category and media_type, then the file as `media`.
 * media_type is v2.159's field (v2.167 drops it; v2.159 is the names contract).
 * Not idempotent: the client retries it only where the service did not act on
 * it (a 429, a connection never made). Should a repeat ever follow a request
 * the service did act on, the first media id is simply left unattached, and
 * unattached media expire on their own.
 */
export async function uploadOneRequest(
  client: ApiClient,
  fields: { media_category: string; media_type: string },
  media: Buffer,
): Promise<MediaUploadData> {
  const { body, contentType } = multipartBody(
    [
      ['media_category', fields.media_category],
      ['media_type', fields.media_type],
    ],
    media,
  );
  const res = await client.request<Envelope<MediaUploadData>>({
    method: 'POST',
    path: joinPath('2', 'media', 'upload'),
    body,
    contentType,
  });
  return requireData(res.body, 'upload');
}

export async function appendSegment(client: ApiClient, mediaId: string, index: number, chunk: Buffer): Promise<void> {
  const { body, contentType } = multipartSegment(index, chunk);
  await client.request({
    method: 'POST',
    path: joinPath('2', 'media', 'upload', idSegment(mediaId, 'numeric', 'media_id'), 'append'),
    body,
    contentType,
    // Safe to repeat: an append names its segment_index, and sending the same
    // bytes for the same index again replaces that segment with identical bytes;
    // nothing is added twice. So 5xx and network errors are retried per chunk.
    idempotent: true,
  });
}

export async function finalizeUpload(client: ApiClient, mediaId: string): Promise<MediaUploadData> {
  // Not retried automatically; --resume finalizes again with every chunk already confirmed.
  const res = await client.request<Envelope<MediaUploadData>>({
    method: 'POST',
    path: joinPath('2', 'media', 'upload', idSegment(mediaId, 'numeric', 'media_id'), 'finalize'),
  });
  return requireData(res.body, 'finalize', mediaId);
}

export async function uploadStatus(client: ApiClient, mediaId: string): Promise<MediaUploadData> {
  const res = await client.request<Envelope<MediaUploadData>>({
    method: 'GET',
    path: joinPath('2', 'media', 'upload'),
    query: [
      ['command', 'STATUS'],
      ['media_id', idSegment(mediaId, 'numeric', 'media_id').id],
    ],
  });
  return requireData(res.body, 'status', mediaId);
}

export async function setAltText(client: ApiClient, mediaId: string, text: string): Promise<void> {
  // Safe to repeat: it sets the same alt text again.
  await client.request({
    method: 'POST',
    path: joinPath('2', 'media', 'metadata'),
    json: { id: mediaId, metadata: { alt_text: { text } } },
    idempotent: true,
  });
}

/** The answer's data; for an existing upload, about that media id and no other (a reply for another id is not ours to print). */
function requireData(body: Envelope<MediaUploadData> | undefined, step: string, mediaId?: string): MediaUploadData {
  const data = body?.data;
  if (!data || typeof data.id !== 'string') throw new NetworkError(`the ${step} answer has no data.id`);
  if (mediaId !== undefined && data.id !== mediaId)
    throw new NetworkError(`the ${step} answer is about media ${clip(neutralize(data.id), 40)}, not media ${mediaId}`, {
      hint: `something other than the API answered (check the base URL and proxy); rerun with --resume to finalize media ${mediaId} again.`,
    });
  return data;
}
