// `postctl audiences keywords`: keyword insights (post volume and related keywords).
import { adsApi } from '../../ads/common.js';
import { keywordInsights } from '../../audiences/api.js';
import { EXIT } from '../../errors/exit-codes.js';
import { checkKeywordQuery } from '../../validate/audiences.js';
import { wire } from '../../wire/names.js';
import { sandboxOption } from '../_ads-flags.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'keywords',
  description: 'keyword insights: post volume of keywords over time (at most 7 days) and 30 related keywords, for one country',
  examples: [
    'postctl audiences keywords --keywords coffee,espresso --granularity DAY --start 2026-03-01T00:00:00Z --end 2026-03-07T00:00:00Z',
    'postctl audiences keywords --keywords tea --negative "iced tea" --granularity HOUR --start 2026-03-06T00:00:00Z --end 2026-03-07T00:00:00Z --location 96683cc9126741d1',
  ],
  options: {
    keywords: {
      flags: '--keywords <list>',
      description: "keywords, comma-separated, OR'ed (with --negative at most 10 in all; required)",
      repeatable: true,
    },
    negative: { flags: '--negative <list>', description: "negative keywords, comma-separated, OR'ed", repeatable: true },
    granularity: { flags: '--granularity <g>', description: 'DAY or HOUR (required)', choices: ['DAY', 'HOUR'] },
    start: { flags: '--start <time>', description: 'ISO 8601 UTC start (required; the range is at most 7 days)' },
    end: { flags: '--end <time>', description: 'ISO 8601 UTC end (API default: now)' },
    location: { flags: '--location <value>', description: 'one country-level targeting value (one country per request)' },
    sandbox: sandboxOption,
  },
  async run(_args, opts, ctx) {
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
  },
});
