// `postctl posts search <query>` and `postctl posts counts <query>`: recent
// (last 7 days) by default, --archive for the full archive. Every rule is
// checked before sending (exit 6, nothing sent).
import type { Context } from '../../context.js';
import { UsageError, invalid } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { defaultAuth } from '../../platform/auth-choice.js';
import { SEARCH_COLUMNS, countColumns, printPaged, searchPath } from '../../platform/search.js';
import { fieldParamsFromFlags } from '../../validate/post-fields.js';
import { integerBetween } from '../../validate/rules.js';
import { searchParams, type SearchInput } from '../../validate/search.js';
import { wire } from '../../wire/names.js';

function common(args: string[], opts: Record<string, any>): SearchInput {
  if (args.length !== 1) throw new UsageError(args.length ? 'give the query as one argument (quote it)' : 'no query given', 'e.g. postctl posts search "coffee -is:retweet lang:en"');
  const pick = (k: string) => (opts[k] !== undefined ? String(opts[k]) : undefined);
  const input: SearchInput = { query: args[0]!, scope: opts.archive ? 'archive' : 'recent' };
  for (const [key, flag] of [['start', 'start'], ['end', 'end'], ['sinceId', 'sinceId'], ['untilId', 'untilId'], ['maxResults', 'maxResults'], ['granularity', 'granularity'], ['maxQueryLength', 'maxQueryLength']] as const) {
    const v = pick(flag);
    if (v !== undefined) input[key] = v;
  }
  return input;
}

function limitFlag(opts: Record<string, any>): number | undefined {
  if (opts.limit === undefined) return undefined;
  const msg = integerBetween(1, Number.MAX_SAFE_INTEGER)(String(opts.limit));
  if (msg) throw invalid('--limit', msg);
  if (opts.all) throw new UsageError('--all and --limit cannot be combined', '--limit N follows pages until N items; --all follows every page.');
  return Number(opts.limit);
}

export const search = {
  async run(args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const input = common(args, opts);
    // Building the client sends nothing; it holds the selected wire-name style.
    const client = await ctx.client();
    const fields = fieldParamsFromFlags(opts, client.names);
    const params = searchParams(input, Date.now());
    const limit = limitFlag(opts);
    const auth = defaultAuth(await ctx.settings(), 'app', opts.auth);
    const query = [...params, ...fields];
    await printPaged(ctx, client, { path: searchPath(client, 'search', input.scope), query, auth, all: Boolean(opts.all), ...(limit !== undefined ? { limit } : {}), columns: SEARCH_COLUMNS });
    return EXIT.OK;
  },
};

export const counts = {
  async run(args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const input = common(args, opts);
    const params = searchParams(input, Date.now());
    const limit = limitFlag(opts);
    const auth = defaultAuth(await ctx.settings(), 'app', opts.auth);
    const client = await ctx.client();
    await printPaged(ctx, client, {
      path: searchPath(client, 'counts', input.scope),
      query: params,
      auth,
      all: Boolean(opts.all),
      ...(limit !== undefined ? { limit } : {}),
      columns: countColumns(client),
      countKey: wire('key.post_count', client.names),
      totalKey: wire('meta.total_post_count', client.names),
    });
    return EXIT.OK;
  },
};
