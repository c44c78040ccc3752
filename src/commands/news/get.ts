// `postctl news get <news_id>`: one news story (GET /2/news/{id}).
import { newsReads } from '../../platform/discovery.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { FIELD_FLAGS, printOne } from '../_lookup.js';
import { allowUnknownFieldsOption } from '../_post-fields.js';
import { defineVerb } from '../define.js';
import { NEWS_COLUMNS, newsSelection } from './_news.js';

export default defineVerb({
  name: 'get <news_id>',
  description: 'show a news story: headline, hook, category, summary (GET /2/news/{id})',
  examples: ['postctl news get 1938000000000000001', 'postctl news get 1938000000000000001 --news-fields keywords,contexts -o json'],
  options: { newsFields: FIELD_FLAGS.newsFields, allowUnknownFields: allowUnknownFieldsOption, auth: authOption('app') },
  async run([id], opts, ctx) {
    const req = newsReads.one(id!, newsSelection(opts.newsFields, opts.allowUnknownFields));
    const { client } = await authedClient(ctx, { endpoints: ['GET /2/news/{id}'], prefer: ['app', 'user', 'oauth2'], flag: opts.auth });
    return printOne(ctx, client, req, NEWS_COLUMNS);
  },
});
