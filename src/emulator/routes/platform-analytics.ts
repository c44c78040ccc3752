// Post and media analytics (GET /2/tweets/analytics, GET /2/media/analytics),
// from openapi v2.159: ids or media keys (1 to 100, each of its pattern), a
// required window and granularity, the analytics field names. Figures are
// derived from the id and the period, so a run is repeatable; a window of more
// periods than 100 is cut to its first 100.
import type { Router } from '../router.js';
import { spell, spellingsOf } from '../spelling.js';
import type { EmulatorState } from '../state.js';
import type { EmuRequest, EmuResponse } from '../types.js';
import { asked, checkQuery } from './platform-more-query.js';
import { invalid } from './platform-posting.js';

interface Kind {
  ids: string;
  pattern: RegExp;
  idKey: string;
  granularity: readonly string[];
  fields: string;
  metrics: readonly string[];
  /** Shown when no field is asked for. */
  defaults: readonly string[];
}

const POSTS: Kind = {
  ids: 'ids',
  pattern: /^[0-9]{1,19}$/,
  idKey: 'id',
  granularity: ['hourly', 'daily', 'weekly', 'total'],
  fields: 'analytics.fields',
  metrics: [
    'app_install_attempts',
    'app_opens',
    'bookmarks',
    'detail_expands',
    'email_tweet',
    'engagements',
    'follows',
    'hashtag_clicks',
    'impressions',
    'likes',
    'media_views',
    'permalink_clicks',
    'quote_tweets',
    'replies',
    'retweets',
    'shares',
    'unfollows',
    'unlikes',
    'url_clicks',
    'user_profile_clicks',
  ],
  defaults: ['impressions', 'engagements'],
};

const MEDIA: Kind = {
  ids: 'media_keys',
  pattern: /^[0-9]+_[0-9]+$/,
  idKey: 'media_key',
  granularity: ['hourly', 'daily', 'total'],
  fields: 'media_analytics.fields',
  metrics: [
    'cta_url_clicks',
    'cta_watch_clicks',
    'play_from_tap',
    'playback25',
    'playback50',
    'playback75',
    'playback_complete',
    'playback_start',
    'video_views',
    'watch_time_ms',
  ],
  defaults: ['video_views', 'playback_start'],
};

const STEP_MS: Record<string, number> = { hourly: 3_600_000, daily: 86_400_000, weekly: 604_800_000 };

/** A small figure that depends on the id, the metric and the period only. */
function figure(id: string, metric: string, period: number): number {
  let h = period;
  for (const c of `${id}:${metric}`) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h % 500;
}

const analytics =
  (kind: Kind) =>
  (req: EmuRequest): EmuResponse => {
    const bad = checkQuery(req.query, {
      params: {
        [kind.ids]: null,
        start_time: null,
        end_time: null,
        granularity: kind.granularity,
        [kind.fields]: [...kind.metrics, kind.idKey === 'id' ? 'id' : 'media_key', 'timestamp'],
      },
      required: [kind.ids, 'start_time', 'end_time', 'granularity'],
    });
    if (bad) return bad;
    const ids = req.query.get(kind.ids)!.split(',');
    if (ids.length > 100) return invalid(`The \`${kind.ids}\` query parameter takes at most 100 values`, kind.ids, ids.length);
    const wrong = ids.find((id) => !kind.pattern.test(id));
    if (wrong !== undefined)
      return invalid(`The \`${kind.ids}\` query parameter value [${wrong}] does not match ${kind.pattern}`, kind.ids, wrong);
    const start = Date.parse(req.query.get('start_time')!);
    const end = Date.parse(req.query.get('end_time')!);
    for (const [k, t] of [
      ['start_time', start],
      ['end_time', end],
    ] as const)
      if (Number.isNaN(t)) return invalid(`The \`${k}\` query parameter value is not an ISO 8601 time`, k, req.query.get(k));
    if (start >= end)
      return invalid('The `start_time` query parameter must be before `end_time`', 'start_time', req.query.get('start_time'));
    const step = STEP_MS[req.query.get('granularity')!];
    const periods: number[] = [];
    for (let t = start; t < end && periods.length < 100; t += step ?? end - start) periods.push(t);
    const wanted = asked(req.query, kind.fields).filter((f) => kind.metrics.includes(f));
    const names = wanted.length ? wanted : kind.defaults;
    const data = ids.map((id) => ({
      [kind.idKey]: id,
      timestamped_metrics: periods.map((t, i) => ({
        timestamp: new Date(t).toISOString().replace('.000Z', 'Z'),
        metrics: Object.fromEntries(names.map((m) => [m, figure(id, m, i)])),
      })),
    }));
    return { status: 200, body: { data } };
  };

export function register(r: Router, state: EmulatorState): void {
  for (const to of spellingsOf(state.names))
    r.route({
      method: 'GET',
      path: `/2/${spell('path', 'posts', to)}/analytics`,
      api: 'platform',
      auth: 'user',
      handler: analytics(POSTS),
    });
  r.route({ method: 'GET', path: '/2/media/analytics', api: 'platform', auth: 'user', handler: analytics(MEDIA) });
}
