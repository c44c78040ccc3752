// `postctl ads stats active`: which entities' metrics changed in a window, and on which placements.
import { activeOver } from '../../../ads/stats/active.js';
import type { Column } from '../../../output/printer.js';
import { ACTIVE_ENTITIES, entityName, STATS_LIMITS } from '../../../validate/ads-stats.js';
import { commaList } from '../../../validate/rules.js';
import { accountOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { throwIfProblems } from '../_checks.js';
import { accountZone } from '../../../ads/stats/account.js';
import { needsZone, RANGE_OPTIONS, rangeFlagProblems, resolveTimeRange } from '../../../ads/stats/range/time-range.js';
import type { InputProblem } from '../../../errors/cli-error.js';

const COLUMNS: Column<Record<string, unknown>>[] = [
  { header: 'entity_id', key: 'entity_id' },
  { header: 'activity_start_time', key: 'activity_start_time' },
  { header: 'activity_end_time', key: 'activity_end_time' },
  { header: 'placements', key: 'placements' },
];
const FILTERS = ['funding_instrument_ids', 'campaign_ids', 'line_item_ids'] as const;

export default defineVerb({
  name: 'active',
  description: 'entities whose metrics changed in a window (GET stats/accounts/:id/active_entities; 90-day pieces)',
  examples: [
    'postctl ads stats active --entity LINE_ITEM --from 2026-11-25 --to 2026-11-25',
    'postctl ads stats active --entity PROMOTED_TWEET --from 2026-11-25T00:00:00Z --to 2026-11-25T06:00:00Z --campaign-ids 8wku2',
    'postctl ads stats active --entity CAMPAIGN --range last-7-days',
  ],
  options: {
    entity: { flags: '--entity <type>', description: `required: ${ACTIVE_ENTITIES.join(', ')} (PROMOTED_POST accepted)` },
    ...RANGE_OPTIONS,
    fundingInstrumentIds: {
      flags: '--funding-instrument-ids <list>',
      description: 'only entities under these funding instruments (≤ 200)',
    },
    campaignIds: { flags: '--campaign-ids <list>', description: 'only entities under these campaigns (≤ 200)' },
    lineItemIds: { flags: '--line-item-ids <list>', description: 'only entities under these line items (≤ 200)' },
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    const now = ctx.now();
    const problems: InputProblem[] = rangeFlagProblems(opts, now);
    const entity = entityName(opts.entity);
    if (!entity || entity === 'ACCOUNT') problems.push({ field: '--entity', message: `must be one of ${ACTIVE_ENTITIES.join(', ')}` });
    const given = FILTERS.map((k, i) => [k, commaList([opts.fundingInstrumentIds, opts.campaignIds, opts.lineItemIds][i])] as const).filter(
      ([, v]) => v.length,
    );
    if (given.length > 1)
      problems.push({ field: `--${given[1]![0].replace(/_/g, '-')}`, message: `is exclusive with --${given[0]![0].replace(/_/g, '-')}` });
    for (const [k, v] of given)
      if (v.length > STATS_LIMITS.activeFilterIds)
        problems.push({
          field: `--${k.replace(/_/g, '-')}`,
          message: `takes at most ${STATS_LIMITS.activeFilterIds} ids (got ${v.length})`,
        });
    throwIfProblems(problems, 'invalid active entities query');
    const client = await ctx.client();
    const account = await accountRef(ctx, opts);
    // The account is read only when a date needs its zone: ISO times alone send nothing before the query.
    const zone = needsZone(opts) ? await accountZone(client, account) : undefined;
    const { start, end } = resolveTimeRange(opts, { zone, now });
    const filter = given[0] ? ([given[0][0], given[0][1].join(',')] as [string, string]) : undefined;
    const list = await activeOver(client, account, {
      entity: entity!,
      start,
      end,
      ...(filter ? { filter } : {}),
    });
    ctx.printer.list(list as unknown as Record<string, unknown>[], COLUMNS, { data: list });
    return 0;
  },
});
