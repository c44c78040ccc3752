// The media of a direct message: an id already uploaded (--media), or a file
// uploaded here with the dm_* category its type calls for (--media-file:
// dm_image, dm_gif or dm_video), through the one media upload.
import { stat } from 'node:fs/promises';
import { defaultStatePath } from '../../bulk/state.js';
import type { Context } from '../../entry/context.js';
import { InputError, UsageError, formatProblem } from '../../errors/cli-error.js';
import type { ApiClient } from '../../http/client.js';
import { planUpload, type MediaPlan } from '../../media/limits.js';
import { DEFAULT_PROCESSING_TIMEOUT_MS, uploadFile } from '../../media/upload.js';
import type { OptionTable } from '../define.js';

export const dmMediaOptions = {
  media: { flags: '--media <media_id>', description: 'attach media uploaded before (with a dm_* category)' },
  mediaFile: {
    flags: '--media-file <path>',
    description: 'upload this file as dm_image, dm_gif or dm_video (from its type) and attach it',
  },
} as const satisfies OptionTable;

/** Checks the file before anything is sent (exit 6): type, dm_* category, size. */
export async function planDmMedia(opts: { media?: string | undefined; mediaFile?: string | undefined }): Promise<MediaPlan | undefined> {
  if (opts.media !== undefined && opts.mediaFile !== undefined)
    throw new UsageError('give --media or --media-file, not both', 'a direct message carries one media.');
  if (opts.mediaFile === undefined) return undefined;
  let size: number;
  try {
    size = (await stat(opts.mediaFile)).size;
  } catch (e) {
    throw new InputError(`--media-file ${opts.mediaFile}: cannot read it (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const probe = planUpload(opts.mediaFile, size, {});
  const kind =
    probe.plan?.category === 'gif'
      ? 'dm_gif'
      : probe.plan?.category === 'video' || probe.plan?.category === 'amplify_video'
        ? 'dm_video'
        : 'dm_image';
  const { plan, problems } = planUpload(opts.mediaFile, size, { mediaCategory: kind });
  if (!plan) throw new InputError(problems.length ? formatProblem(problems[0]!) : 'invalid media file', problems, 'nothing was sent.');
  return plan;
}

/** The media id to attach: --media, or the upload of the planned file. */
export async function dmMediaId(
  ctx: Context,
  client: ApiClient,
  media: string | undefined,
  plan: MediaPlan | undefined,
): Promise<string | undefined> {
  if (!plan) return media;
  const r = await uploadFile(ctx, client, plan, {
    statePath: defaultStatePath(plan.path),
    resume: false,
    wait: true,
    processingTimeoutMs: DEFAULT_PROCESSING_TIMEOUT_MS,
  });
  ctx.log.info(`${plan.path}: uploaded as media ${r.media_id} (${r.media_category})`);
  return r.media_id;
}
