// `postctl posts create | edit | delete`: every rule checked before sending
// (exit 6, nothing sent); the created id on stdout (table) or the API
// envelope (json); --dry-run prints the JSON body and sends nothing.
import type { Context } from '../../context.js';
import { CliError, InputError, invalid } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { neutralize } from '../../output/sanitize.js';
import { createBody, deletePost, editBody, editState, readText, sendPost, type Body, type CreatedEnvelope } from '../../platform/posting.js';
import { commaList, Problems } from '../../validate/rules.js';
import { MEDIA_MAX, POST_TEXT_MAX, draftProblems, editProblem, postLength, type PostDraft } from '../../validate/posting.js';

const NUMERIC_ID = /^[0-9]{1,19}$/;

async function textFrom(args: string[], opts: Record<string, any>, ctx: Context): Promise<string | undefined> {
  const extra = args.filter((a) => a !== '-');
  if (extra.length) throw invalid('text', `unexpected argument ${JSON.stringify(extra[0])}: pass the text with --text, --text-file F or - (stdin)`);
  return readText({ text: opts.text, textFile: opts.textFile, dash: args.includes('-'), stdin: ctx.io.stdin });
}

function printResult(ctx: Context, env: CreatedEnvelope, what: string): void {
  const id = env.data?.id;
  if (ctx.format === 'table' && typeof id === 'string') ctx.printer.value(id);
  else ctx.printer.object(env.data ?? {}, undefined, env);
  if (typeof id === 'string') ctx.log.success(`${what} ${id}`);
}

function dryRun(ctx: Context, body: Body): number {
  ctx.printer.write(JSON.stringify(body, null, 2) + '\n');
  ctx.log.info('dry run: nothing was sent');
  return EXIT.OK;
}

export const create = {
  async run(args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const draft: PostDraft = {
      text: await textFrom(args, opts, ctx),
      media: commaList(opts.media),
      pollOptions: (opts.pollOption as string[] | undefined) ?? [],
      ...(opts.replyTo !== undefined ? { replyTo: String(opts.replyTo) } : {}),
      ...(opts.quote !== undefined ? { quote: String(opts.quote) } : {}),
      ...(opts.pollDuration !== undefined ? { pollDuration: String(opts.pollDuration) } : {}),
      ...(opts.replySettings !== undefined ? { replySettings: String(opts.replySettings) } : {}),
      ...(opts.community !== undefined ? { community: String(opts.community) } : {}),
      paidPartnership: Boolean(opts.paidPartnership),
      shareWithFollowers: Boolean(opts.shareWithFollowers),
    };
    draftProblems(draft).throwIfAny('invalid post');
    const client = await ctx.client();
    const body = createBody(draft, client);
    if (opts.dryRun) return dryRun(ctx, body);
    printResult(ctx, await sendPost(client, body), 'created post');
    return EXIT.OK;
  },
};

export const edit = {
  async run(args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const [id, ...rest] = args;
    if (!id || !NUMERIC_ID.test(id)) throw invalid('post id', `must be 1 to 19 digits (got ${JSON.stringify(id ?? '')})`);
    const text = await textFrom(rest, opts, ctx);
    const media = commaList(opts.media);
    const p = new Problems();
    if (text === undefined && !media.length) p.add('--text', 'an edit needs the new text (--text, --text-file or -) or --media');
    if (text !== undefined && postLength(text) > POST_TEXT_MAX) p.add('--text', `must be at most ${POST_TEXT_MAX} characters (got ${postLength(text)}; counted as Unicode code points after NFC)`);
    if (media.length > MEDIA_MAX) p.add('--media', `at most ${MEDIA_MAX} media ids (got ${media.length})`);
    for (const m of media) if (!NUMERIC_ID.test(m)) p.add('--media', `must be 1 to 19 digits (got ${JSON.stringify(m)})`);
    p.throwIfAny('invalid edit');
    const client = await ctx.client();
    const body = editBody(id, text, media);
    if (opts.dryRun) return dryRun(ctx, body);
    // The window and the edit count are checked when the API tells us about the post; --no-edit-check skips the lookup.
    if (opts.editCheck !== false) {
      const why = editProblem(await editState(client, id), Date.now());
      if (why) throw new InputError(`post ${id} cannot be edited: ${why}`, [{ field: 'post id', id, message: why }], 'pass --no-edit-check to send the edit anyway.');
    }
    printResult(ctx, await sendPost(client, body), `edited post ${id}; new version`);
    return EXIT.OK;
  },
};

export const remove = {
  async run(args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const ids = args.flatMap((a) => commaList(a));
    const p = new Problems();
    if (!ids.length) p.add('post ids', 'no post ids given');
    for (const id of ids) if (!NUMERIC_ID.test(id)) p.add('post ids', `must be 1 to 19 digits (got ${JSON.stringify(neutralize(id))})`, { id: neutralize(id) });
    p.throwIfAny('invalid post ids');
    const unique = [...new Set(ids)];
    if (!(await ctx.prompt.confirm(`Delete ${unique.length === 1 ? `post ${unique[0]}` : `${unique.length} posts`}?`, opts.yes))) return EXIT.OK;
    const client = await ctx.client();
    const results: Array<{ id: string; deleted: boolean }> = [];
    const envelopes: CreatedEnvelope[] = [];
    let failed = 0;
    for (const id of unique) {
      try {
        const env = await deletePost(client, id);
        envelopes.push(env);
        results.push({ id, deleted: env.data?.deleted === true });
      } catch (e) {
        if (!(e instanceof CliError) || unique.length === 1) throw e;
        failed++;
        ctx.log.warn(`post ${id}: ${e.message}`);
      }
    }
    if (ctx.format === 'json') ctx.printer.value(unique.length === 1 ? envelopes[0] : envelopes);
    else ctx.printer.list(results, [{ header: 'id', key: 'id' }, { header: 'deleted', key: 'deleted' }]);
    if (failed) throw new CliError(`${failed} of ${unique.length} posts were not deleted`, { exitCode: EXIT.PARTIAL, code: 'partial' });
    return EXIT.OK;
  },
};
