// `postctl ads stats reach`: total audience reach and average frequency of up to 20 campaigns or funding instruments.
import { checkedReach } from '../../../ads/stats/active.js';
import type { InputProblem } from '../../../errors/cli-error.js';
import { STATS_LIMITS } from '../../../validate/ads-stats.js';
import { commaList } from '../../../validate/rules.js';
import { accountOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { throwIfProblems } from '../_checks.js';
import { accountZone } from '../../../ads/stats/account.js';
import { iso } from '../../../ads/stats/range/calendar.js';
import { needsZone, RANGE_OPTIONS, rangeFlagProblems, resolveTimeRange } from '../../../ads/stats/range/time-range.js';

export default defineVerb({
  name: 'reach',
  description: 'reach and average frequency of campaigns or funding instruments (GET stats/accounts/:id/reach/…)',
  examples: [
    'postctl ads stats reach --campaigns 8fgzf,8fgzg --from 2026-11-01 --to 2026-11-07',
    'postctl ads stats reach --funding-instruments lygyi --from 2026-11-01 --to 2026-11-30 -o csv',
  ],
  options: {
    campaigns: { flags: '--campaigns <ids>', description: 'campaign ids, comma-separated (≤ 20)' },
    fundingInstruments: { flags: '--funding-instruments <ids>', description: 'funding instrument ids, comma-separated (≤ 20)' },
    ...RANGE_OPTIONS,
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    const now = ctx.now();
    const problems: InputProblem[] = rangeFlagProblems(opts, now);
    const campaigns = commaList(opts.campaigns);
    const fis = commaList(opts.fundingInstruments);
    if (!campaigns.length === !fis.length)
      problems.push({ field: '--campaigns', message: 'give exactly one of --campaigns and --funding-instruments' });
    const ids = campaigns.length ? campaigns : fis;
    const field = campaigns.length ? '--campaigns' : '--funding-instruments';
    if (ids.length > STATS_LIMITS.reachIds)
      problems.push({ field, message: `takes at most ${STATS_LIMITS.reachIds} ids (got ${ids.length})` });
    throwIfProblems(problems, 'invalid reach query');
    const client = await ctx.client();
    const account = await accountRef(ctx, opts);
    // The account is read only when a date needs its zone: ISO times alone send nothing before the query.
    const zone = needsZone(opts) ? await accountZone(client, account) : undefined;
    const { start, end } = resolveTimeRange(opts, { zone, now });
    const rows = await checkedReach(client, account, campaigns.length ? 'campaigns' : 'funding_instruments', {
      ids,
      start: iso(start),
      end: iso(end),
    });
    ctx.printer.list(
      rows,
      [
        { header: 'id', key: 'id' },
        { header: 'total_audience_reach', key: 'total_audience_reach' },
        { header: 'average_frequency', key: 'average_frequency' },
      ],
      { data_type: 'reach', data: rows },
    );
    return 0;
  },
});
