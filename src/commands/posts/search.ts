// `postctl posts search <query>`: every rule is checked before sending (exit
// 6, nothing sent); one page, or --all / --limit follow next_token.
import { EXIT } from '../../errors/exit-codes.js';
import { chooseAuth } from '../../platform/auth-choice.js';
import { SEARCH_COLUMNS, searchPath } from '../../platform/search.js';
import { printPaged } from './_paged.js';
import { fieldParamsFromFlags } from '../../validate/post-fields.js';
import { searchParams } from '../../validate/search.js';
import { authOption } from '../_flags.js';
import { postFieldOptions } from '../_post-fields.js';
import { defineVerb } from '../define.js';
import { nextTokenParams } from '../_listing.js';
import { APP_FIRST, limitFlag, searchEndpoint, searchInput, timeOptions } from './_search.js';

export default defineVerb({
  name: 'search <query>',
  description: 'search posts (GET /2/tweets/search/recent, or /all with --archive); --all/--limit follow pages',
  examples: [
    'postctl posts search "coffee -is:retweet"',
    'postctl posts search "from:emu_news" --since 24h',
    'postctl posts search "from:emu_news" --archive --start 2025-01-01T00:00:00Z --all -o jsonl',
    'postctl posts search "postctl" --limit 250 --max-results 100 -o csv',
  ],
  options: {
    ...timeOptions('post'),
    maxResults: { flags: '--max-results <n>', description: 'posts per page: 10 to 100 (recent), 10 to 500 (archive)' },
    ...postFieldOptions,
    auth: authOption('app; the archive (--archive) takes only app'),
  },
  async run(args, opts, ctx) {
    const now = ctx.now();
    const input = searchInput(args, opts, now);
    // Building the client sends nothing; it holds the selected wire-name style.
    const client = await ctx.client();
    const fields = fieldParamsFromFlags(opts, client.names);
    const params = searchParams(input, now);
    const limit = limitFlag(opts);
    const auth = chooseAuth(await ctx.settings(), {
      endpoints: [searchEndpoint('search', input.scope)],
      prefer: APP_FIRST,
      flag: opts.auth,
    });
    const query = [...params, ...fields];
    await printPaged(ctx, client, {
      path: searchPath(client, 'search', input.scope),
      query,
      auth,
      all: Boolean(opts.all),
      start: nextTokenParams(opts.nextToken),
      ...(limit !== undefined ? { limit } : {}),
      columns: SEARCH_COLUMNS,
    });
    return EXIT.OK;
  },
});
