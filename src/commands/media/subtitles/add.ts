// `postctl media subtitles add <media_id>`: adds a subtitle track to an uploaded
// video (POST /2/media/subtitles). With --file the SRT or WebVTT file is first
// uploaded in the `subtitles` category (the upload of `media upload`);
// with --subtitle-media-id an uploaded one is used. Every value is checked
// before anything is sent (exit 6 naming the field).
import { defaultStatePath } from '../../../bulk/state.js';
import { CliError, UsageError } from '../../../errors/cli-error.js';
import type { ApiClient } from '../../../http/client.js';
import type { MediaPlan } from '../../../media/limits.js';
import { planFile } from '../../../media/plan-file.js';
import { SUBTITLES_PATH, addSubtitles, type SubtitleTrack } from '../../../media/subtitles.js';
import { DEFAULT_PROCESSING_TIMEOUT_MS, UPLOAD_ENDPOINTS, uploadFile, type UploadIO } from '../../../media/upload.js';
import type { Column } from '../../../output/printer.js';
import { Problems } from '../../../validate/rules.js';
import { displayName, subtitleMediaId, subtitlesCategoryName } from '../../../validate/subtitles.js';
import { USER_CONTEXT, authedClient } from '../../_auth.js';
import { printRequests } from '../../_lifecycle.js';
import { defineVerb } from '../../define.js';
import { categoryOption, checkedTarget, languageOption, subtitlesAuthOption } from './_subtitles.js';

const COLUMNS: Column<SubtitleTrack & { media_id: string }>[] = [
  { header: 'media_id', key: 'media_id' },
  { header: 'language_code', key: 'language_code' },
  { header: 'display_name', key: 'display_name', flex: true },
  { header: 'subtitle_media_id', key: 'id' },
];

/** The subtitle file as an upload plan in the `subtitles` category (SRT or WebVTT), or its problems. */
async function filePlan(file: string, p: Problems): Promise<MediaPlan | undefined> {
  const r = await planFile(file, { mediaCategory: 'subtitles' });
  for (const problem of r.problems) p.add(problem.field ?? 'file', problem.message, { id: file });
  return r.plan;
}

/** Uploads the subtitle file; its media id. */
async function upload(io: UploadIO, client: ApiClient, plan: MediaPlan): Promise<string> {
  const r = await uploadFile(io, client, plan, {
    statePath: defaultStatePath(plan.path),
    resume: false,
    wait: true,
    processingTimeoutMs: DEFAULT_PROCESSING_TIMEOUT_MS,
  });
  io.log.info(`${plan.path}: uploaded as media ${r.media_id}`);
  return r.media_id;
}

export default defineVerb({
  name: 'add <media_id>',
  description:
    'add a subtitle track to an uploaded video: upload an SRT or WebVTT file (--file) or name an uploaded one (--subtitle-media-id), then POST /2/media/subtitles',
  examples: [
    'postctl media subtitles add 1720000000000000007 --subtitle-media-id 1720000000000000032 --language FR',
    'postctl media subtitles add 1720000000000000007 --file subs.srt --language en',
    'postctl media subtitles add 1720000000000000013 --file subs.srt --language ES --display-name "Español" --media-category amplify_video -o json',
  ],
  options: {
    file: { flags: '--file <path>', description: 'subtitle file to upload first: .srt (text/srt) or .vtt (text/vtt)' },
    subtitleMediaId: {
      flags: '--subtitle-media-id <id>',
      description: 'media id of a subtitle file already uploaded (media upload subs.srt)',
    },
    language: languageOption,
    displayName: {
      flags: '--display-name <name>',
      description: "the track's name as viewers see it (default: the language's English name, EN → English; needed for a code without one)",
    },
    mediaCategory: categoryOption,
    auth: subtitlesAuthOption,
    dryRun: {
      flags: '--dry-run',
      description: 'check everything and print the request (a --file would be uploaded first: its id shows as <uploaded>) and send nothing',
    },
  },
  async run([mediaId], opts, ctx) {
    if ((opts.file === undefined) === (opts.subtitleMediaId === undefined))
      throw new UsageError('give the subtitles as --file <path> or --subtitle-media-id <id> (one of them)');
    const p = new Problems();
    const target = checkedTarget(mediaId!, opts.language, opts.mediaCategory, p);
    const name = displayName(p, target.languageCode, opts.displayName);
    const given = opts.subtitleMediaId !== undefined ? subtitleMediaId(p, opts.subtitleMediaId) : undefined;
    const plan = opts.file !== undefined ? await filePlan(opts.file, p) : undefined;
    p.throwIfAny('invalid subtitles');
    const endpoints = plan ? [...UPLOAD_ENDPOINTS, 'POST /2/media/subtitles'] : ['POST /2/media/subtitles'];
    const { client } = await authedClient(ctx, { endpoints, prefer: USER_CONTEXT, flag: opts.auth });
    if (opts.dryRun)
      return printRequests(ctx, [
        {
          method: 'POST',
          path: SUBTITLES_PATH,
          json: {
            id: target.mediaId,
            media_category: subtitlesCategoryName(target.category, client.names),
            subtitles: { id: given ?? '<uploaded>', language_code: target.languageCode, display_name: name },
          },
        },
      ]);
    const subtitleId = given ?? (await upload(ctx, client, plan!));
    const { data, body } = await addSubtitles(client, {
      id: target.mediaId,
      media_category: subtitlesCategoryName(target.category, client.names),
      subtitles: { id: subtitleId, language_code: target.languageCode, display_name: name },
    }).catch((e: unknown) => {
      // The file is uploaded: a retry need not send it again.
      if (plan && e instanceof CliError)
        e.hint = `${e.hint ? `${e.hint} ` : ''}The file is uploaded: retry with --subtitle-media-id ${subtitleId}.`;
      throw e;
    });
    if (!data.associated_subtitles.some((t) => t.language_code === target.languageCode))
      ctx.log.warn(`the answer lists no ${target.languageCode} track for media ${target.mediaId}`);
    else ctx.log.success(`media ${target.mediaId}: ${target.languageCode} subtitles (${subtitleId}) added`);
    ctx.printer.list(
      data.associated_subtitles.map((t) => ({ media_id: data.id, ...t })),
      COLUMNS,
      body,
    );
  },
});
