// `postctl posts lookup`: ids from arguments, a file or stdin; field selection
// checked before sending; 100 ids per request; one merged envelope.
import { exitCodeFor, problemKind } from '../../errors/api-error.js';
import { CliError, InputError, UsageError, formatProblem } from '../../errors/cli-error.js';
import { EXIT } from '../../errors/exit-codes.js';
import { chooseAuth } from '../../platform/auth-choice.js';
import { collectPostIds } from '../../platform/post-ids.js';
import { postColumns } from './_columns.js';
import { describeProblem, lookupPosts, type LookupEnvelope } from '../../platform/posts.js';
import { fieldParamsFromFlags } from '../../validate/post-fields.js';
import { authOption } from '../_flags.js';
import { postFieldOptions } from '../_post-fields.js';
import { defineVerb } from '../define.js';
import { APP_FIRST } from './_search.js';

const MAX_WARNINGS = 20;

export default defineVerb({
  name: 'lookup [ids...]',
  description: 'look up posts by id (GET /2/posts), 100 ids per request, merged into one envelope',
  examples: [
    'postctl posts lookup 1460323737035677698 1293593516040269825',
    'postctl posts lookup --file ids.txt --all-fields -o json',
    'postctl posts lookup 1460323737035677698 --post-fields created_at,public_metrics --expansions author_id,attachments.media_keys --media-fields type,duration_ms',
    'cut -f1 export.tsv | postctl posts lookup - -o jsonl',
  ],
  options: {
    file: {
      flags: '--file <path>',
      description: 'read ids from a file (- for stdin): one or more per line, comma or space separated, # comments',
    },
    ...postFieldOptions,
    auth: authOption('app'),
  },
  async run(args, opts, ctx) {
    // Field names first: they are cheap to check and wrong for every id alike.
    // Building the client sends nothing; it holds the selected wire-name style.
    const client = await ctx.client();
    const fields = fieldParamsFromFlags(opts, client.names);
    if (args.length === 0 && opts.file === undefined)
      throw new UsageError(
        'no post ids given',
        'pass ids as arguments (comma lists allowed), --file <path>, or - to read them from stdin.',
      );
    const { ids, problems, duplicates } = await collectPostIds({ args, file: opts.file, io: ctx.io });
    if (problems.length) {
      throw new InputError(
        problems.length === 1 ? formatProblem(problems[0]!) : `${problems.length} invalid post ids`,
        problems,
        'post ids are 1 to 19 digits.',
      );
    }
    if (ids.length === 0) throw new UsageError('no post ids given (the input was empty)');
    if (duplicates) ctx.log.info(`${duplicates} duplicate id${duplicates > 1 ? 's' : ''} asked for once`);

    const auth = chooseAuth(await ctx.settings(), { endpoints: ['GET /2/tweets'], prefer: APP_FIRST, flag: opts.auth });
    const progress = ids.length > 100 ? ctx.progress('requests', Math.ceil(ids.length / 100)) : undefined;
    let envelope: LookupEnvelope;
    try {
      ({ envelope } = await lookupPosts(client, ids, fields, { auth, signal: ctx.signal, onChunk: () => progress?.tick() }));
    } finally {
      progress?.done();
    }

    const posts = envelope.data ?? [];
    const errors = envelope.errors ?? [];
    const allFailed = posts.length === 0 && errors.length > 0;
    if (!allFailed || ctx.format === 'json') ctx.printer.list(posts, postColumns(envelope, client.names), envelope);
    for (const p of errors.slice(0, MAX_WARNINGS)) ctx.log.warn(describeProblem(p));
    if (errors.length > MAX_WARNINGS) ctx.log.warn(`… and ${errors.length - MAX_WARNINGS} more errors (all of them are in -o json output)`);
    if (allFailed) {
      const kind = problemKind(errors[0]!.type);
      const code = kind && kind !== 'about:blank' ? exitCodeFor(404, kind) : EXIT.NOT_FOUND;
      throw new CliError(`none of the ${ids.length} post${ids.length > 1 ? 's' : ''} could be retrieved`, {
        exitCode: code,
        code: kind ?? 'not_found',
      });
    }
    if (errors.length) ctx.log.info(`${posts.length} of ${ids.length} posts retrieved`);
    return 0;
  },
});
