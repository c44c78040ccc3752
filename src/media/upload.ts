// One file's chunked upload: initialize, append the chunks not yet confirmed
// (read one at a time into one buffer: memory stays at one chunk whatever the
// file size), finalize, alt text, then STATUS polling while the service
// processes a video or GIF. Progress survives a kill: the resume state
// (src/bulk/state.ts, written atomically) holds the media id and the
// confirmed segment numbers, and is flushed after every confirmed chunk.
// Appends go one after another: the reference shows them sequential and does
// not say the service accepts segments in parallel. A small image or subtitle
// file goes up in one request instead (fitsOneRequest in limits.ts), unless
// the caller asks for the chunked upload.
import { open } from 'node:fs/promises';
import { inputIdentity, UploadState, type InputIdentity } from '../bulk/state.js';
import type { Progress } from '../output/progress.js';
import { CliError, Interrupted, NetworkError, UsageError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import type { ApiClient } from '../http/client.js';
import { clip, neutralize } from '../output/sanitize.js';
import { checkConfirmedChunks, checkUnchanged, chunkHash, fileChanged } from './file-guard.js';
import {
  appendSegment,
  finalizeUpload,
  initializeUpload,
  setAltText,
  uploadOneRequest,
  uploadStatus,
  type MediaUploadData,
} from './api.js';
import { categoryName, fitsOneRequest, type MediaPlan } from './limits.js';

/** Every endpoint an upload may call (the one-request form or the chunked one; alt text adds POST /2/media/metadata). */
export const UPLOAD_ENDPOINTS: readonly string[] = [
  'POST /2/media/upload',
  'POST /2/media/upload/initialize',
  'POST /2/media/upload/{id}/append',
  'POST /2/media/upload/{id}/finalize',
  'GET /2/media/upload',
];

/** How long processing may take when no --processing-timeout is given (30 minutes: a long video's worst case, still ending a cron job). */
export const DEFAULT_PROCESSING_TIMEOUT_MS = 1800_000;

/**
 * What an upload needs from the command that runs it (the command's Context has it): notes on stderr,
 * a progress line, the Ctrl-C signal. Domain code takes this, never the Context itself.
 */
export interface UploadIO {
  readonly log: { info(message: string): void; warn(message: string): void };
  progress(label: string, total?: number): Progress;
  readonly signal: AbortSignal;
  /** The run's clock: session expiry, the processing deadline and the waits between status calls. */
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export interface UploadOptions {
  statePath: string;
  resume: boolean;
  wait: boolean;
  altText?: string | undefined;
  /** --processing-timeout: the longest wait for processing, in ms, before exit 7 with the media id. */
  processingTimeoutMs: number;
  /** --chunked: initialize/append/finalize even where one request would do (--resume implies it). */
  chunked?: boolean | undefined;
}

export interface UploadResult {
  file: string;
  media_id: string;
  media_key: string | null;
  media_category: string;
  size: number;
  chunks: number;
  chunks_sent: number;
  state: string;
}

interface Session {
  media_id: string;
  media_key: string | null;
  expires_at: number;
}

/** Polling waits at least this long, and at most this long, between STATUS calls (on the run's clock). */
const POLL_MS = { min: 1000, max: 60_000 } as const;

export async function uploadFile(ctx: UploadIO, client: ApiClient, plan: MediaPlan, o: UploadOptions): Promise<UploadResult> {
  // A one-request upload keeps no state: there is nothing to resume, a rerun uploads again.
  if (!o.chunked && !o.resume && fitsOneRequest(plan)) return uploadInOneRequest(ctx, client, plan, o);
  const options = { media_type: plan.mediaType, media_category: plan.category, chunk_bytes: plan.chunkBytes };
  const identity = await inputIdentity(plan.path);
  const state = await UploadState.open(o.statePath, identity, options, {
    resume: o.resume,
    readOnly: false,
    warn: (m) => ctx.log.warn(m),
    info: (m) => ctx.log.info(m),
  });
  if (state.done) return alreadyUploaded(ctx, client, plan, state);
  const session = await openSession(ctx, client, plan, state);
  const sent = await sendChunks(ctx, client, plan, state, { mediaId: session.media_id, identity });
  let data: MediaUploadData = await finalizeUpload(client, session.media_id);
  // The upload is complete: a later --resume has nothing left to send, and says so.
  await state.markDone();
  if (o.altText !== undefined) await setAltText(client, session.media_id, o.altText);
  if (data.processing_info && o.wait)
    data = await waitForProcessing(ctx, client, session.media_id, data, ctx.now() + o.processingTimeoutMs);
  const processing = data.processing_info?.state ?? 'succeeded';
  if (processing === 'failed') {
    const why = data.processing_info?.error?.message ?? data.processing_info?.error?.name ?? 'no reason given';
    throw new CliError(`${plan.path}: the service could not process media ${session.media_id}: ${neutralize(why)}`, {
      exitCode: EXIT.INVALID_INPUT,
      code: 'media_processing_failed',
    });
  }
  return {
    file: plan.path,
    media_id: session.media_id,
    media_key: data.media_key ?? session.media_key,
    media_category: categoryName(plan.category, client.names),
    size: plan.size,
    chunks: plan.segments,
    chunks_sent: sent,
    state: processing,
  };
}

/**
 * The whole file in one POST /2/media/upload: read at once (at most one chunk,
 * so memory stays as bounded as the chunked path), then alt text. Images and
 * subtitles need no processing, so the reply is the finished upload.
 */
async function uploadInOneRequest(ctx: UploadIO, client: ApiClient, plan: MediaPlan, o: UploadOptions): Promise<UploadResult> {
  if (ctx.signal.aborted) throw new Interrupted();
  const fh = await open(plan.path, 'r');
  let bytes: Buffer;
  try {
    bytes = await fh.readFile();
  } finally {
    await fh.close();
  }
  if (bytes.length !== plan.size)
    throw new CliError(`${plan.path} changed before the upload (${plan.size} bytes when checked, ${bytes.length} now); nothing was sent`, {
      exitCode: EXIT.INVALID_INPUT,
      code: 'file_changed',
      hint: 'upload the file again once nothing writes to it.',
    });
  const category = categoryName(plan.category, client.names);
  const data = await uploadOneRequest(client, { media_category: category, media_type: plan.mediaType }, bytes);
  if (o.altText !== undefined) await setAltText(client, data.id, o.altText);
  return {
    file: plan.path,
    media_id: data.id,
    media_key: data.media_key ?? null,
    media_category: category,
    size: plan.size,
    chunks: 1,
    chunks_sent: 1,
    state: 'succeeded',
  };
}

/** `--resume` after an upload that finished: nothing is sent; the saved media id is the result. */
function alreadyUploaded(ctx: UploadIO, client: ApiClient, plan: MediaPlan, state: UploadState): UploadResult {
  const saved = state.extra as Partial<Session>;
  const mediaId = typeof saved.media_id === 'string' ? saved.media_id : '';
  ctx.log.info(`${plan.path}: nothing to send: media ${mediaId} was finalized at ${state.finishedAt} (state ${state.path})`);
  return {
    file: plan.path,
    media_id: mediaId,
    media_key: saved.media_key ?? null,
    media_category: categoryName(plan.category, client.names),
    size: plan.size,
    chunks: plan.segments,
    chunks_sent: 0,
    state: 'finalized',
  };
}

/** The saved session on --resume (when it has not expired), else a new one from initialize. */
async function openSession(ctx: UploadIO, client: ApiClient, plan: MediaPlan, state: UploadState): Promise<Session> {
  const saved = state.extra as Partial<Session>;
  if (typeof saved.media_id === 'string') {
    if (typeof saved.expires_at === 'number' && saved.expires_at <= ctx.now()) {
      throw new UsageError(
        `cannot resume ${plan.path}: upload session ${saved.media_id} expired at ${new Date(saved.expires_at).toISOString()}`,
        'rerun without --resume to upload the file again.',
      );
    }
    ctx.log.info(`${plan.path}: resuming media ${saved.media_id}`);
    return { media_id: saved.media_id, media_key: saved.media_key ?? null, expires_at: saved.expires_at ?? 0 };
  }
  const data = await initializeUpload(client, {
    media_type: plan.mediaType,
    total_bytes: plan.size,
    media_category: categoryName(plan.category, client.names),
  });
  const session: Session = {
    media_id: data.id,
    media_key: data.media_key ?? null,
    expires_at: ctx.now() + (data.expires_after_secs ?? 0) * 1000,
  };
  state.setExtra({ ...session });
  await state.flush();
  return session;
}

/**
 * Appends every segment the state has not confirmed; returns how many were sent.
 * The file must keep its size and mtime throughout (file-guard.ts), and the
 * chunks an earlier run confirmed must still hash the same, or nothing is finalized.
 */
async function sendChunks(
  ctx: UploadIO,
  client: ApiClient,
  plan: MediaPlan,
  state: UploadState,
  at: { mediaId: string; identity: InputIdentity },
): Promise<number> {
  const progress = ctx.progress(`${plan.path} bytes`, plan.size);
  const fh = await open(plan.path, 'r');
  const buffer = Buffer.alloc(Math.min(plan.chunkBytes, plan.size));
  const saved = state.extra.chunk_sha256;
  const hashes: Record<string, unknown> = saved && typeof saved === 'object' ? { ...saved } : {};
  const earlier = { ...hashes };
  let sent = 0;
  try {
    for (let i = 0; i < plan.segments; i++) {
      const offset = i * plan.chunkBytes;
      const length = Math.min(plan.chunkBytes, plan.size - offset);
      if (state.isConfirmed(i)) {
        progress.tick(length);
        continue;
      }
      if (ctx.signal.aborted) throw new Interrupted();
      await checkUnchanged(fh, at.identity, at.mediaId, `before chunk ${i}`);
      const { bytesRead } = await fh.read(buffer, 0, length, offset);
      if (bytesRead !== length) throw fileChanged(plan.path, `chunk ${i} is short`, at.mediaId);
      await appendSegment(client, at.mediaId, i, buffer.subarray(0, length));
      hashes[i] = chunkHash(buffer.subarray(0, length));
      state.setExtra({ ...state.extra, chunk_sha256: hashes });
      state.confirm(i);
      await state.flush();
      sent++;
      progress.tick(length);
    }
    await checkUnchanged(fh, at.identity, at.mediaId, 'before finalize');
    await checkConfirmedChunks(fh, earlier, plan.chunkBytes, at.identity, at.mediaId);
  } finally {
    progress.done();
    await fh.close();
  }
  return sent;
}

/**
 * STATUS until succeeded or failed, waiting check_after_secs (bounded) between
 * calls, and never past `deadline` (--processing-timeout): processing that never
 * finishes must not hang a cron job. Past it: exit 7 with the media id to check later.
 */
async function waitForProcessing(
  ctx: UploadIO,
  client: ApiClient,
  mediaId: string,
  first: MediaUploadData,
  deadline: number,
): Promise<MediaUploadData> {
  let data = first;
  let last = '';
  const started = ctx.now();
  while (data.processing_info && data.processing_info.state !== 'succeeded' && data.processing_info.state !== 'failed') {
    const info = data.processing_info;
    const note = `media ${mediaId}: ${neutralize(String(info.state))}${info.progress_percent !== undefined ? ` ${info.progress_percent}%` : ''}`;
    if (note !== last) ctx.log.info(note);
    last = note;
    const ms = Math.min(POLL_MS.max, Math.max(POLL_MS.min, (Number(info.check_after_secs) || 0) * 1000));
    if (ctx.now() + ms > deadline) throw stillProcessing(mediaId, String(info.state), ctx.now() - started);
    try {
      await ctx.sleep(ms, ctx.signal);
    } catch {
      throw new Interrupted();
    }
    data = await uploadStatus(client, mediaId);
  }
  return data;
}

function stillProcessing(mediaId: string, state: string, waitedMs: number): NetworkError {
  return new NetworkError(
    `media ${mediaId} is still ${clip(neutralize(state), 40)} after ${Math.round(waitedMs / 1000)} s of processing (--processing-timeout)`,
    {
      hint: `the upload itself is finalized: check it later with \`postctl request GET /2/media/upload -f command=STATUS -f media_id=${mediaId}\`, or raise --processing-timeout.`,
    },
  );
}
