// `postctl trends personalized`: the authenticated user's trends (GET /2/users/personalized_trends).
import { trendReads } from '../../platform/discovery.js';
import { selectionParams } from '../../validate/selection.js';
import { USER_CONTEXT, authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { FIELD_FLAGS, printAll } from '../_lookup.js';
import { allowUnknownFieldsOption } from '../_post-fields.js';
import { defineVerb } from '../define.js';

const COLUMNS = [
  { header: 'trend_name', key: 'trend_name', flex: true },
  { header: 'category', key: 'category' },
  { header: 'posts', key: 'post_count' },
  { header: 'trending_since', key: 'trending_since' },
];

export default defineVerb({
  name: 'personalized',
  description: 'trends personalized for the authenticated user (GET /2/users/personalized_trends; user context)',
  examples: ['postctl trends personalized', 'postctl trends personalized -o json'],
  options: {
    personalizedTrendFields: FIELD_FLAGS.personalizedTrendFields,
    allowUnknownFields: allowUnknownFieldsOption,
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
  },
  async run(_args, opts, ctx) {
    const fields = opts.personalizedTrendFields ?? ['trend_name', 'category', 'post_count', 'trending_since'];
    const query = selectionParams({ fields: { personalizedTrend: fields }, allowUnknown: opts.allowUnknownFields });
    const { client } = await authedClient(ctx, { endpoints: ['GET /2/users/personalized_trends'], prefer: USER_CONTEXT, flag: opts.auth });
    return printAll(ctx, client, trendReads.personalized(query), COLUMNS, 'trends');
  },
});
