// `postctl posts counts <query>`: matching posts per minute, hour or day;
// every rule is checked before sending (exit 6, nothing sent).
import { EXIT } from '../../errors/exit-codes.js';
import { chooseAuth } from '../../platform/auth-choice.js';
import { countColumns, searchPath } from '../../platform/search.js';
import { printPaged } from './_paged.js';
import { searchParams } from '../../validate/search.js';
import { wire } from '../../wire/names.js';
import { authOption } from '../_flags.js';
import { defineVerb } from '../define.js';
import { nextTokenParams } from '../_listing.js';
import { APP_FIRST, limitFlag, searchEndpoint, searchInput, timeOptions } from './_search.js';

export default defineVerb({
  name: 'counts <query>',
  description: 'count matching posts per minute, hour or day (GET /2/tweets/counts/recent, or /all with --archive)',
  examples: [
    'postctl posts counts "coffee" --granularity day',
    'postctl posts counts "postctl" --since 6d --until 1h --granularity hour',
    'postctl posts counts "from:emu_news" --archive --start 2025-01-01T00:00:00Z --all -o csv',
  ],
  options: {
    ...timeOptions('bucket'),
    granularity: { flags: '--granularity <unit>', description: 'minute, hour (the API default) or day' },
    auth: authOption('app; counts take app, or oauth2 for the last 7 days (openapi v2.167)'),
  },
  async run(args, opts, ctx) {
    const now = ctx.now();
    const input = searchInput(args, opts, now);
    const params = searchParams(input, now);
    const limit = limitFlag(opts);
    const auth = chooseAuth(await ctx.settings(), {
      endpoints: [searchEndpoint('counts', input.scope)],
      prefer: APP_FIRST,
      flag: opts.auth,
    });
    const client = await ctx.client();
    await printPaged(ctx, client, {
      path: searchPath(client, 'counts', input.scope),
      query: params,
      auth,
      all: Boolean(opts.all),
      start: nextTokenParams(opts.nextToken),
      ...(limit !== undefined ? { limit } : {}),
      columns: countColumns(client),
      countKey: wire('key.post_count', client.names),
      totalKey: wire('meta.total_post_count', client.names),
    });
    return EXIT.OK;
  },
});
