// `postctl media subtitles delete <media_id> --language <code>`: removes a
// video's subtitle track of one language (DELETE /2/media/subtitles, JSON
// body); asks y/N on a terminal and needs --yes otherwise.
import { CliError } from '../../../errors/cli-error.js';
import { EXIT } from '../../../errors/exit-codes.js';
import { SUBTITLES_PATH, deleteSubtitles } from '../../../media/subtitles.js';
import { Problems } from '../../../validate/rules.js';
import { subtitlesCategoryName } from '../../../validate/subtitles.js';
import { USER_CONTEXT, authedClient } from '../../_auth.js';
import { yesOption } from '../../_flags.js';
import { lifecycleDryRun, printRequests } from '../../_lifecycle.js';
import { defineVerb } from '../../define.js';
import { categoryOption, checkedTarget, languageOption, subtitlesAuthOption } from './_subtitles.js';

const COLUMNS = [
  { header: 'media_id', key: 'media_id' },
  { header: 'language_code', key: 'language_code' },
  { header: 'deleted', key: 'deleted' },
];

export default defineVerb({
  name: 'delete <media_id>',
  description: "remove a video's subtitle track of one language (DELETE /2/media/subtitles); asks y/N on a terminal, needs --yes otherwise",
  examples: [
    'postctl media subtitles delete 1720000000000000007 --language EN --yes',
    'postctl media subtitles delete 1720000000000000013 --language es --media-category AmplifyVideo --yes -o json',
  ],
  options: {
    language: languageOption,
    mediaCategory: categoryOption,
    yes: yesOption(),
    auth: subtitlesAuthOption,
    dryRun: lifecycleDryRun,
  },
  async run([mediaId], opts, ctx) {
    const p = new Problems();
    const target = checkedTarget(mediaId!, opts.language, opts.mediaCategory, p);
    p.throwIfAny('invalid subtitles');
    const { client } = await authedClient(ctx, { endpoints: ['DELETE /2/media/subtitles'], prefer: USER_CONTEXT, flag: opts.auth });
    const body = {
      id: target.mediaId,
      language_code: target.languageCode,
      media_category: subtitlesCategoryName(target.category, client.names),
    };
    if (opts.dryRun) return printRequests(ctx, [{ method: 'DELETE', path: SUBTITLES_PATH, json: body }]);
    if (!(await ctx.prompt.confirm(`Delete the ${target.languageCode} subtitles of media ${target.mediaId}?`, opts.yes))) return 0;
    const { deleted, body: answer } = await deleteSubtitles(client, body);
    ctx.printer.object({ media_id: target.mediaId, language_code: target.languageCode, deleted }, COLUMNS, answer);
    // A 200 that says nothing was deleted: the description gives no reason, so the track may still be there.
    if (!deleted)
      throw new CliError(
        `the service answered deleted: false; the ${target.languageCode} track of media ${target.mediaId} may still be there`,
        {
          exitCode: EXIT.INTERNAL,
          code: 'not_deleted',
        },
      );
    return 0;
  },
});
