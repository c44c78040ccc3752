// `postctl media upload <file…>`: every file is checked first (type, category,
// size, chunk count, alt text: exit 6 and nothing sent), then uploaded one
// after another. One row per file: media id and media key (stdout); progress
// and processing notes on stderr.
import { stat } from 'node:fs/promises';
import { defaultStatePath } from '../../audiences/state.js';
import type { Context } from '../../context.js';
import { CliError, InputError, PartialFailure, UsageError, formatProblem, type InputProblem } from '../../errors.js';
import { planUpload, type MediaPlan } from '../../media/limits.js';
import { uploadFile, type UploadResult } from '../../media/upload.js';
import type { Column } from '../../output/printer.js';
import type { VerbModule } from '../define.js';

const COLUMNS: Column<UploadResult>[] = [
  { header: 'file', key: 'file' },
  { header: 'media_id', key: 'media_id' },
  { header: 'media_key', key: 'media_key' },
  { header: 'category', key: 'media_category' },
  { header: 'state', key: 'state' },
];

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

async function plans(files: string[], opts: Record<string, any>): Promise<MediaPlan[]> {
  const problems: InputProblem[] = [];
  const out: MediaPlan[] = [];
  for (const file of files) {
    let size: number;
    try {
      const s = await stat(file);
      if (!s.isFile()) throw new Error('not a regular file');
      size = s.size;
    } catch (e) {
      problems.push({ field: 'file', id: file, message: `cannot read it (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})` });
      continue;
    }
    const r = planUpload(file, size, { mediaType: str(opts.mediaType), mediaCategory: str(opts.mediaCategory), chunkSize: str(opts.chunkSize), altText: str(opts.altText) });
    problems.push(...r.problems);
    if (r.plan) out.push(r.plan);
  }
  if (problems.length) throw new InputError(problems.length === 1 ? formatProblem(problems[0]!) : `invalid media: ${problems.length} problems`, problems, 'nothing was sent.');
  return out;
}

export const run: VerbModule['run'] = async (files, opts, ctx: Context) => {
  if (files.length === 0) throw new UsageError('no file given', 'pass one or more files: postctl media upload clip.mp4');
  if (opts.state !== undefined && files.length > 1) throw new UsageError('--state names one state file: give it with a single file', 'without --state each file keeps its state next to it (<file>.postctl-state.json).');
  const todo = await plans(files, opts);
  const client = await ctx.client();
  const done: UploadResult[] = [];
  const failed: string[] = [];
  let lastError: unknown;
  for (const plan of todo) {
    try {
      const statePath = str(opts.state) ?? defaultStatePath(plan.path);
      done.push(await uploadFile(ctx, client, plan, { statePath, resume: Boolean(opts.resume), wait: opts.wait !== false, altText: str(opts.altText) }));
      const r = done.at(-1)!;
      ctx.log.success(`${plan.path}: media ${r.media_id} (${r.media_key ?? 'no media key'}), ${r.chunks_sent} of ${r.chunks} chunks sent, ${r.state}`);
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
    throw new PartialFailure(`${failed.length} of ${todo.length} files failed: ${failed.join(', ')}`, 'rerun the failed files with --resume to send only their missing chunks.');
  }
};
