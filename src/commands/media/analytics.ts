// `postctl media analytics <media_keys...>`: video views and playback figures of
// your media over a window (GET /2/media/analytics; user context).
import { analyticsOptions, printAnalytics } from '../_analytics.js';
import { FIELD_FLAGS } from '../_lookup.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'analytics <media_keys...>',
  description:
    'video views, playback starts and completions… of up to 100 of your media over a window (GET /2/media/analytics; user context): one row per media key and period',
  examples: [
    'postctl media analytics 13_1720000000000000001 --since 7d',
    'postctl media analytics 13_1720000000000000001 --since 30d --granularity total --media-analytics-fields video_views,watch_time_ms -o json',
  ],
  options: { ...analyticsOptions('media'), mediaAnalyticsFields: FIELD_FLAGS.mediaAnalyticsFields },
  run: (keys, opts, ctx) => printAnalytics(ctx, 'media', keys, opts, opts.mediaAnalyticsFields),
});
