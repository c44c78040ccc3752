// `postctl posts analytics <post_ids...>`: engagement figures of your posts over
// a window (GET /2/tweets/analytics; user context).
import { analyticsOptions, printAnalytics } from '../_analytics.js';
import { FIELD_FLAGS } from '../_lookup.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'analytics <post_ids...>',
  description:
    'impressions, engagements, likes… of up to 100 of your posts over a window (GET /2/tweets/analytics; user context): one row per post and period',
  examples: [
    'postctl posts analytics 1460323737035677698 --since 7d',
    'postctl posts analytics 1460323737035677698 1460323737035677699 --since 2026-11-01T00:00:00Z --granularity daily --analytics-fields impressions,likes -o csv',
  ],
  options: { ...analyticsOptions('posts'), analyticsFields: FIELD_FLAGS.analyticsFields },
  run: (ids, opts, ctx) => printAnalytics(ctx, 'posts', ids, opts, opts.analyticsFields),
});
