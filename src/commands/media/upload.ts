// `postctl media upload <file…>`: every file is checked first (type, category,
// size, chunk count, alt text: exit 6 and nothing sent), then uploaded one
// after another: a small image or subtitle file in one request, anything else
// (or with --chunked/--resume) through initialize/append/finalize. One row per file: media id and media key (stdout); progress
// and processing notes on stderr.
import { defaultStatePath } from '../../bulk/state.js';
import { CliError, InputError, PartialFailure, UsageError, formatProblem, invalid, type InputProblem } from '../../errors/cli-error.js';
import { integerBetween } from '../../validate/rules.js';
import type { MediaFlags, MediaPlan } from '../../media/limits.js';
import { planFile } from '../../media/plan-file.js';
import { DEFAULT_PROCESSING_TIMEOUT_MS, UPLOAD_ENDPOINTS, uploadFile, type UploadResult } from '../../media/upload.js';
import type { Column } from '../../output/printer.js';
import { USER_CONTEXT, authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { defineVerb } from '../define.js';

const COLUMNS: Column<UploadResult>[] = [
  { header: 'file', key: 'file' },
  { header: 'media_id', key: 'media_id' },
  { header: 'media_key', key: 'media_key' },
  { header: 'category', key: 'media_category' },
  { header: 'state', key: 'state' },
];

async function plans(files: readonly string[], opts: MediaFlags): Promise<MediaPlan[]> {
  const problems: InputProblem[] = [];
  const out: MediaPlan[] = [];
  for (const file of files) {
    const r = await planFile(file, {
      mediaType: opts.mediaType,
      mediaCategory: opts.mediaCategory,
      chunkSize: opts.chunkSize,
      altText: opts.altText,
    });
    problems.push(...r.problems);
    if (r.plan) out.push(r.plan);
  }
  if (problems.length)
    throw new InputError(
      problems.length === 1 ? formatProblem(problems[0]!) : `invalid media: ${problems.length} problems`,
      problems,
      'nothing was sent.',
    );
  return out;
}

/** --processing-timeout in ms (default 30 minutes). */
function processingTimeout(value: string | undefined): number {
  if (value === undefined) return DEFAULT_PROCESSING_TIMEOUT_MS;
  const msg = integerBetween(1, 86_400)(value);
  if (msg) throw invalid('--processing-timeout', msg);
  return Number(value) * 1000;
}

export default defineVerb({
  name: 'upload <files...>',
  description:
    'upload files (a small image or subtitle file in one request, else in chunks: initialize, append, finalize), wait for processing, print media id and media key',
  examples: [
    'postctl media upload photo.jpg --alt-text "A red bicycle"',
    'postctl media upload launch.mp4 --media-category amplify_video',
    'postctl media upload launch.mp4 --resume',
    'postctl media upload photo.png --chunked',
    'postctl media upload a.png b.gif clip.mp4 --no-wait -o json',
  ],
  options: {
    mediaCategory: {
      flags: '--media-category <category>',
      description:
        'tweet_image, tweet_gif, tweet_video, amplify_video, dm_image, dm_gif, dm_video or subtitles (default: from the media type)',
    },
    mediaType: { flags: '--media-type <type>', description: 'media type, e.g. video/mp4 (default: from the file extension)' },
    altText: { flags: '--alt-text <text>', description: 'alt text for the media (max 1000 characters; POST /2/media/metadata)' },
    chunkSize: { flags: '--chunk-size <MiB>', description: 'bytes per append in MiB, 1 to 5 (default 2)' },
    wait: {
      flags: '--wait',
      description: 'wait while the service processes a video or GIF (default)',
      negate: 'print the ids right after finalize, without waiting for processing',
    },
    chunked: {
      flags: '--chunked',
      description: 'use the chunked upload (initialize, append, finalize) even for a small image or subtitle file',
    },
    resume: {
      flags: '--resume',
      description: 'continue an interrupted chunked upload of the same file: send only the chunks not yet confirmed (implies --chunked)',
    },
    state: {
      flags: '--state <file>',
      description: 'resume state file (one file only; default: <file>.postctl-state.json next to it; implies --chunked)',
    },
    auth: authOption('user (OAuth 1.0a) when the profile holds an access token, else oauth2 (needs the media.write scope)'),
    processingTimeout: {
      flags: '--processing-timeout <seconds>',
      description: 'longest wait for the service to process a video or GIF, 1 to 86400 (default 1800); then exit 7 with the media id',
    },
    dryRun: {
      flags: '--dry-run',
      description: 'check every file and print what would be uploaded (type, category, size, the chunked requests) and send nothing',
    },
  },
  async run(files, opts, ctx) {
    if (files.length === 0) throw new UsageError('no file given', 'pass one or more files: postctl media upload clip.mp4');
    if (opts.state !== undefined && files.length > 1)
      throw new UsageError(
        '--state names one state file: give it with a single file',
        'without --state each file keeps its state next to it (<file>.postctl-state.json).',
      );
    const processingTimeoutMs = processingTimeout(opts.processingTimeout);
    const todo = await plans(files, opts);
    const endpoints = opts.altText !== undefined ? [...UPLOAD_ENDPOINTS, 'POST /2/media/metadata'] : UPLOAD_ENDPOINTS;
    const { client } = await authedClient(ctx, { endpoints, prefer: USER_CONTEXT, flag: opts.auth });
    if (opts.dryRun) {
      const rows = todo.map((p) => ({
        file: p.path,
        size: p.size,
        media_type: p.mediaType,
        media_category: p.category,
        // The chunked upload: initialize, one append per chunk, finalize (then a status poll while processing).
        requests: `POST /2/media/upload/initialize, ${p.segments} × POST /2/media/upload/{id}/append (${p.chunkBytes} bytes each at most), POST /2/media/upload/{id}/finalize`,
        ...(opts.altText !== undefined ? { alt_text: 'POST /2/media/metadata' } : {}),
      }));
      ctx.printer.list(rows, undefined, { data: rows });
      ctx.log.info('dry run: nothing was sent');
      return 0;
    }
    const done: UploadResult[] = [];
    const failed: string[] = [];
    let lastError: unknown;
    for (const plan of todo) {
      try {
        const statePath = opts.state ?? defaultStatePath(plan.path);
        done.push(
          await uploadFile(ctx, client, plan, {
            statePath,
            resume: Boolean(opts.resume),
            wait: opts.wait !== false,
            altText: opts.altText,
            processingTimeoutMs,
            // A state file is the chunked upload's: naming one asks for that upload.
            chunked: Boolean(opts.chunked) || opts.state !== undefined,
          }),
        );
        const r = done.at(-1)!;
        ctx.log.success(
          `${plan.path}: media ${r.media_id} (${r.media_key ?? 'no media key'}), ${r.chunks_sent} of ${r.chunks} chunks sent, ${r.state}`,
        );
      } catch (e) {
        // One file alone: its own error and exit code. Several: report and go on.
        if (todo.length === 1 || !(e instanceof CliError)) throw e;
        failed.push(plan.path);
        lastError = e;
        ctx.log.warn(`${plan.path}: ${e.message}`);
      }
    }
    ctx.printer.list(done, COLUMNS, { data: done });
    if (failed.length) {
      if (done.length === 0) throw lastError;
      throw new PartialFailure(
        `${failed.length} of ${todo.length} files failed: ${failed.join(', ')}`,
        'rerun the failed files with --resume to send only their missing chunks.',
      );
    }
  },
});
