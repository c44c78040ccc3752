// `postctl trends get <woeid>`: trending topics of a place (GET /2/trends/by/woeid/{woeid}).
import { trendReads } from '../../platform/discovery.js';
import { selectionParams } from '../../validate/selection.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { FIELD_FLAGS, intParam, printAll } from '../_lookup.js';
import { allowUnknownFieldsOption } from '../_post-fields.js';
import { defineVerb } from '../define.js';

const COLUMNS = [
  { header: 'trend_name', key: 'trend_name', flex: true },
  { header: 'posts', key: 'tweet_count' },
];

export default defineVerb({
  name: 'get <woeid>',
  description: 'trending topics of a place by its WOEID, 1 for worldwide (GET /2/trends/by/woeid/{woeid}): --max-trends 1 to 50',
  examples: ['postctl trends get 1', 'postctl trends get 23424977 --max-trends 10 -o csv'],
  options: {
    maxTrends: { flags: '--max-trends <n>', description: 'trends to return, 1 to 50 (the API’s default: 20)' },
    trendFields: FIELD_FLAGS.trendFields,
    allowUnknownFields: allowUnknownFieldsOption,
    auth: authOption('app'),
  },
  async run([woeid], opts, ctx) {
    const query = [
      ...intParam('--max-trends', opts.maxTrends, 'max_trends', [1, 50]),
      // Without --trend-fields the API returns the name only: ask for the count the table shows.
      ...selectionParams({ fields: { trend: opts.trendFields ?? ['trend_name', 'tweet_count'] }, allowUnknown: opts.allowUnknownFields }),
    ];
    const req = trendReads.byWoeid(woeid!, query);
    const { client } = await authedClient(ctx, {
      endpoints: ['GET /2/trends/by/woeid/{woeid}'],
      prefer: ['app', 'oauth2'],
      flag: opts.auth,
    });
    return printAll(ctx, client, req, COLUMNS, 'trends');
  },
});
