// `postctl posts edit <post_id>`: the new text and media checked before
// sending (exit 6, nothing sent), then the edit window and the edits left
// (unless --no-edit-check); prints the new version id.
import { InputError, invalid } from '../../errors/cli-error.js';
import { EXIT } from '../../errors/exit-codes.js';
import { editBody, editState, sendPost } from '../../platform/posting.js';
import { commaList, Problems } from '../../validate/rules.js';
import { MEDIA_MAX, POST_TEXT_MAX, editProblem, postLength } from '../../validate/posting.js';
import { USER_CONTEXT, authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { defineVerb } from '../define.js';
import { BAD_POST, parsePostRef } from '../../platform/refs.js';
import { NUMERIC_ID, dryRun, dryRunOption, mediaOption, printResult, textFrom, textOptions } from './_write.js';

function editProblems(text: string | undefined, media: string[]): Problems {
  const p = new Problems();
  if (text === undefined && !media.length) p.add('--text', 'an edit needs the new text (--text, --text-file or -) or --media');
  if (text !== undefined && postLength(text) > POST_TEXT_MAX)
    p.add('--text', `must be at most ${POST_TEXT_MAX} characters (got ${postLength(text)}; counted as Unicode code points after NFC)`);
  if (media.length > MEDIA_MAX) p.add('--media', `at most ${MEDIA_MAX} media ids (got ${media.length})`);
  for (const m of media) if (!NUMERIC_ID.test(m)) p.add('--media', `must be 1 to 19 digits (got ${JSON.stringify(m)})`);
  return p;
}

export default defineVerb({
  name: 'edit <post_id> [-]',
  description:
    'edit a post (POST /2/tweets with edit_options.previous_post_id): within 1 hour of creation, 5 edits; prints the new version id',
  examples: [
    'postctl posts edit 1460323737035677698 --text "Fixed the typo"',
    'postctl posts edit 1460323737035677698 --text-file fixed.txt --no-edit-check',
  ],
  options: {
    ...textOptions,
    media: mediaOption,
    editCheck: { flags: '--no-edit-check', description: 'do not look the post up first to check the edit window and the edits left' },
    dryRun: dryRunOption,
    auth: authOption('user (OAuth 1.0a) when the profile holds an access token, else oauth2'),
  },
  async run([ref, ...rest], opts, ctx) {
    // An id or a post URL (src/platform/refs.ts).
    const id = parsePostRef(ref ?? '');
    if (id === undefined) throw invalid('post id', BAD_POST(ref ?? ''));
    const text = await textFrom(rest, opts, ctx);
    const media = commaList(opts.media);
    editProblems(text, media).throwIfAny('invalid edit');
    const body = editBody(id, text, media);
    if (opts.dryRun) return dryRun(ctx, body);
    const endpoints = opts.editCheck !== false ? ['POST /2/tweets', 'GET /2/tweets/{id}'] : ['POST /2/tweets'];
    const { client } = await authedClient(ctx, { endpoints, prefer: USER_CONTEXT, flag: opts.auth });
    // The window and the edit count are checked when the API tells us about the post; --no-edit-check skips the lookup.
    if (opts.editCheck !== false) {
      const why = editProblem(await editState(client, id), ctx.now());
      if (why)
        throw new InputError(
          `post ${id} cannot be edited: ${why}`,
          [{ field: 'post id', id, message: why }],
          'pass --no-edit-check to send the edit anyway.',
        );
    }
    printResult(ctx, await sendPost(client, body), `edited post ${id}; new version`);
    return EXIT.OK;
  },
});
