// `audiences keywords`: keyword insights (post volume and related keywords).
import { adsApi } from '../../ads/common.js';
import { keywordInsights } from '../../audiences/api.js';
import type { Context } from '../../context.js';
import { EXIT } from '../../exit-codes.js';
import { checkKeywordQuery } from '../../validate/audiences.js';
import { wire } from '../../wire/names.js';

export async function run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
  const query = checkKeywordQuery(opts);
  const client = await ctx.client();
  const res = await keywordInsights(client, adsApi(opts), query);
  const data = res.body?.data ?? {};
  const volume = wire('key.post_volume', client.names);
  ctx.printer.object(
    data,
    [
      { header: 'related_keywords', key: 'related_keywords' },
      { header: `${volume} (per ${query.granularity.toLowerCase()} from ${query.startTime})`, key: volume },
    ],
    res.body,
  );
  return EXIT.OK;
}
