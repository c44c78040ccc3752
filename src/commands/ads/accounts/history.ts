// `postctl ads accounts history`: changes to one entity of the ad account in a window of whole hours.
import { HISTORY_PAGE, historyRequest } from '../../../ads/accounts.js';
import { listQuery, printAdsList } from '../../../ads/common.js';
import type { HistoryEntry } from '../../../ads/types.js';
import type { Column } from '../../../output/printer.js';
import { HISTORY_ENTITY_TYPES, checkHistoryQuery, type HistoryQuery } from '../../../validate/ads-core-params.js';
import { respell } from '../../../wire/names.js';
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { throwIfProblems } from '../_checks.js';
import { PAGE_1000 } from '../_page.js';

const HISTORY_COLUMNS: Column<HistoryEntry>[] = [
  { header: 'change_time', key: 'change_time' },
  { header: 'entity', key: 'entity' },
  { header: 'entity_id', key: 'entity_id' },
  { header: 'change_type', key: 'change_type' },
  { header: 'by', get: (h) => h.change_by?.user_id },
  { header: 'changes', get: (h) => Object.keys(h.changes ?? {}) },
];

export default defineVerb({
  name: 'history',
  description: 'changes to one entity of the ad account in a time window of whole hours (beta; needs allowlisting)',
  examples: [
    'postctl ads accounts history --entity-type LINE_ITEM --entity-id 8u94t --start-time 2026-01-05T00:00:00Z --end-time 2026-01-06T00:00:00Z',
  ],
  options: [
    { flags: '--entity-type <type>', description: `required: ${HISTORY_ENTITY_TYPES.join(', ')}` },
    { flags: '--entity-id <id>', description: "required: the entity's id" },
    { flags: '--start-time <time>', description: 'required: ISO 8601 on a whole hour, e.g. 2026-01-05T10:00:00Z' },
    { flags: '--end-time <time>', description: 'required: ISO 8601 on a whole hour, after --start-time' },
    { flags: '--user-id <id>', description: 'only changes made by this user id' },
    ...listOptions(PAGE_1000, { sortBy: false, withDeleted: false, totalCount: false }),
    ...accountOptions,
  ],
  async run(_args, opts, ctx) {
    const client = await ctx.client();
    // Either spelling of the promoted post type is accepted; the selected one is sent.
    const entityType = opts.entityType === undefined ? undefined : respell('enum.entity_type.', opts.entityType, client.names);
    const q: HistoryQuery = {
      entity_type: entityType,
      entity_id: opts.entityId,
      start_time: opts.startTime,
      end_time: opts.endTime,
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
