// What `posts analytics` and `media analytics` share: the window and
// granularity flags, the user-context login (both operations take OAuth 2.0 or
// OAuth 1.0a), and one row per id and timestamp in tables and CSV.
import type { Context } from '../entry/context.js';
import { NetworkError } from '../errors/cli-error.js';
import { ANALYTICS_ENDPOINT, analyticsRequest, analyticsRows, idGaps } from '../platform/analytics.js';
import { ANALYTICS_KINDS, type AnalyticsFlags, analyticsParams } from '../validate/analytics.js';
import { authedClient } from './_auth.js';
import { authOption } from './_flags.js';
import { allowUnknownFieldsOption } from './_post-fields.js';
import type { OptionSpec } from './define.js';

export const analyticsOptions = (kind: keyof typeof ANALYTICS_KINDS) =>
  ({
    since: { flags: '--since <time>', description: 'start of the window (required): 7d, 24h, 30m ago, or an ISO 8601 time' },
    until: { flags: '--until <time>', description: 'end of the window: relative or ISO 8601 (default: now)' },
    granularity: {
      flags: '--granularity <g>',
      description: `${ANALYTICS_KINDS[kind].granularities.join(', ')} (default ${ANALYTICS_KINDS[kind].defaultGranularity})`,
    },
    allowUnknownFields: allowUnknownFieldsOption,
    auth: authOption('oauth2 when the profile holds that login, else user (OAuth 1.0a)'),
  }) as const satisfies Record<string, OptionSpec>;

interface Flags extends Omit<AnalyticsFlags, 'fields'> {
  auth?: string | undefined;
}

export async function printAnalytics(
  ctx: Context,
  kind: keyof typeof ANALYTICS_KINDS,
  ids: readonly string[],
  opts: Flags,
  fields: string[] | undefined,
): Promise<number> {
  const query = analyticsParams(kind, ids, { ...opts, fields }, ctx.now());
  const { client } = await authedClient(ctx, { endpoints: [ANALYTICS_ENDPOINT[kind]], prefer: ['oauth2', 'user'], flag: opts.auth });
  const res = await client.request<{ data?: unknown; errors?: unknown }>(analyticsRequest(kind, query, client.names));
  const idKey = kind === 'posts' ? 'id' : 'media_key';
  // The ids as sent (post URLs resolved), to hold the reply to.
  const sent = query.find(([name]) => name === ANALYTICS_KINDS[kind].idsParam)?.[1].split(',') ?? [];
  const gaps = idGaps(sent, res.body?.data, res.body?.errors, idKey);
  const wrong = Object.entries(gaps).filter(([, list]) => list.length > 0);
  if (wrong.length)
    throw new NetworkError(
      `the analytics reply does not match the ${idKey}s asked: ${wrong.map(([k, list]) => `${k} ${list.join(',')}`).join('; ')}`,
    );
  const { rows, metrics } = analyticsRows(res.body?.data, idKey);
  const columns = [idKey, 'timestamp', ...metrics].map((k) => ({ header: k, key: k }));
  ctx.printer.list(rows, columns, res.body);
  if (!rows.length) ctx.log.info(`no analytics for these ${kind === 'posts' ? 'posts' : 'media'} in that window`);
  return 0;
}
