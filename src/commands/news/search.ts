// `postctl news search <query>`: news stories (GET /2/news/search).
import { newsReads } from '../../platform/discovery.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { FIELD_FLAGS, intParam, printAll } from '../_lookup.js';
import { allowUnknownFieldsOption } from '../_post-fields.js';
import { defineVerb } from '../define.js';
import { NEWS_COLUMNS, newsSelection } from './_news.js';

export default defineVerb({
  name: 'search <query>',
  description: 'search news stories (GET /2/news/search): max-results 1 to 100, --max-age-hours 1 to 720 (the API’s default: 168)',
  examples: ['postctl news search emulator', 'postctl news search "compliance jobs" --max-age-hours 24 -o jsonl'],
  options: {
    maxResults: { flags: '--max-results <n>', description: 'stories to return, 1 to 100 (the API’s default: 10)' },
    maxAgeHours: { flags: '--max-age-hours <n>', description: 'only stories updated in the last n hours, 1 to 720' },
    newsFields: FIELD_FLAGS.newsFields,
    allowUnknownFields: allowUnknownFieldsOption,
    auth: authOption('app'),
  },
  async run([text], opts, ctx) {
    const query = [
      ...intParam('--max-results', opts.maxResults, 'max_results', [1, 100]),
      ...intParam('--max-age-hours', opts.maxAgeHours, 'max_age_hours', [1, 720]),
      ...newsSelection(opts.newsFields, opts.allowUnknownFields),
    ];
    const req = newsReads.search(text!, query);
    const { client } = await authedClient(ctx, { endpoints: ['GET /2/news/search'], prefer: ['app', 'oauth2'], flag: opts.auth });
    return printAll(ctx, client, req, NEWS_COLUMNS, 'news stories');
  },
});
