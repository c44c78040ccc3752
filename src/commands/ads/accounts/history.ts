// `postctl ads accounts history`: changes to one entity of the ad account in a window of whole hours.
import { HISTORY_PAGE, historyRequest } from '../../../ads/accounts.js';
import { listQuery } from '../../../ads/common.js';
import { printAdsList } from '../../_ads-list.js';
import type { HistoryEntry } from '../../../ads/types.js';
import type { Column } from '../../../output/printer.js';
import { HISTORY_ENTITY_TYPES, checkHistoryQuery, type HistoryQuery } from '../../../validate/ads-core-params.js';
import { UsageError } from '../../../errors/cli-error.js';
import { wholeHourFlag } from '../../../validate/relative-time.js';
import { respell } from '../../../wire/names.js';
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { throwIfProblems } from '../_checks.js';
import { PAGE_1000 } from '../_page.js';

const HISTORY_COLUMNS: Column<HistoryEntry>[] = [
  { header: 'change_time', key: 'change_time' },
  { header: 'entity', key: 'entity', priority: 0 },
  { header: 'entity_id', key: 'entity_id' },
  { header: 'change_type', key: 'change_type' },
  { header: 'by', get: (h) => h.change_by?.user_id, priority: 0 },
  // What changed, old → new: the reason to look at the history at all.
  { header: 'changes', get: (h) => describeChanges(h.changes), flex: true, priority: 2 },
];

/** `bid_amount_local_micro: 1500000 → 2500000; entity_status: ACTIVE → PAUSED` (a field without old/new: its value). */
function describeChanges(changes: Record<string, unknown> | undefined): string {
  const show = (v: unknown) => (v === undefined || v === null ? '∅' : typeof v === 'object' ? JSON.stringify(v) : String(v));
  return Object.entries(changes ?? {})
    .map(([field, c]) => {
      const pair = c && typeof c === 'object' && !Array.isArray(c) ? (c as Record<string, unknown>) : undefined;
      return pair && ('old' in pair || 'new' in pair) ? `${field}: ${show(pair.old)} → ${show(pair.new)}` : `${field}: ${show(c)}`;
    })
    .join('; ');
}

/** --since/--until (relative: 24h, 7d; or ISO) or --start-time/--end-time, one of each pair, on whole hours. */
function historyWindow(
  opts: { startTime?: string; endTime?: string; since?: string; until?: string },
  now: number,
): { start?: string; end?: string } {
  if (opts.since !== undefined && opts.startTime !== undefined)
    throw new UsageError('--since and --start-time set the same time; give one');
  if (opts.until !== undefined && opts.endTime !== undefined) throw new UsageError('--until and --end-time set the same time; give one');
  const start = opts.since !== undefined ? wholeHourFlag('--since', opts.since, now, 'down') : opts.startTime;
  // --since alone: up to the end of the current hour.
  const untilNow = opts.since !== undefined && opts.endTime === undefined ? '0s' : undefined;
  const until = opts.until ?? untilNow;
  const end = until !== undefined ? wholeHourFlag('--until', until, now, 'up') : opts.endTime;
  return { ...(start !== undefined ? { start } : {}), ...(end !== undefined ? { end } : {}) };
}

export default defineVerb({
  name: 'history',
  description: 'changes to one entity of the ad account in a time window of whole hours (beta; needs allowlisting)',
  examples: [
    'postctl ads accounts history --entity-type LINE_ITEM --entity-id 8u94t --start-time 2026-01-05T00:00:00Z --end-time 2026-01-06T00:00:00Z',
    'postctl ads accounts history --entity-type line_item --entity-id 8u94t --since 7d',
  ],
  options: {
    entityType: { flags: '--entity-type <type>', description: `required: ${HISTORY_ENTITY_TYPES.join(', ')}` },
    entityId: { flags: '--entity-id <id>', description: "required: the entity's id" },
    startTime: { flags: '--start-time <time>', description: 'required (or --since): ISO 8601 on a whole hour, e.g. 2026-01-05T10:00:00Z' },
    endTime: {
      flags: '--end-time <time>',
      description: 'required (or --until, or --since alone): ISO 8601 on a whole hour, after the start',
    },
    since: { flags: '--since <time>', description: 'start as a relative time (24h, 7d: rounded down to the hour) or ISO 8601' },
    until: {
      flags: '--until <time>',
      description: 'end as a relative time (rounded up to the hour; default with --since: now) or ISO 8601',
    },
    userId: { flags: '--user-id <id>', description: 'only changes made by this user id' },
    ...listOptions(PAGE_1000, { sortBy: false, withDeleted: false, totalCount: false }),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    const client = await ctx.client();
    // Either spelling of the promoted post type is accepted; the selected one is sent.
    // Upper case on the wire; line_item is LINE_ITEM.
    const entityType =
      opts.entityType === undefined ? undefined : respell('enum.entity_type.', opts.entityType.toUpperCase(), client.names);
    const { start, end } = historyWindow(opts, ctx.now());
    const q: HistoryQuery = {
      entity_type: entityType,
      entity_id: opts.entityId,
      start_time: start,
      end_time: end,
      user_id: opts.userId,
    };
    throwIfProblems(checkHistoryQuery(q, client.names), 'invalid account history query');
    const query = listQuery(opts, HISTORY_PAGE);
    for (const [k, v] of Object.entries(q)) if (v !== undefined) query.push([k, v]);
    const account = await accountRef(ctx, opts);
    await printAdsList(ctx, client, historyRequest(account, query), opts, HISTORY_COLUMNS);
    return 0;
  },
});
