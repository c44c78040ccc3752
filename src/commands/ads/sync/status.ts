// `postctl ads sync status --into TARGET`: where each account's sync stands —
// its bookmarks (the last complete day written per entity type), how many days
// behind its yesterday that is (in its own zone), and its last run.
import { openStore, schemaVersion } from '../../../ads/sync/store.js';
import { formatDate, localDate, isTimeZone } from '../../../ads/stats/range/calendar.js';
import type { Column } from '../../../output/printer.js';
import { defineVerb } from '../../define.js';
import { guardSecrets, intoOption, requireInto } from './_flags.js';

type Row = Record<string, unknown>;

const COLUMNS: Column<Row>[] = [
  { header: 'account_id', key: 'account_id' },
  { header: 'entity_type', key: 'entity_type' },
  { header: 'segment_type', key: 'segment_type' },
  { header: 'through_day', key: 'through_day' },
  { header: 'lag_days', key: 'lag_days' },
  { header: 'last_run', key: 'last_run' },
  { header: 'last_status', key: 'last_status' },
  { header: 'inserted', key: 'inserted' },
  { header: 'updated', key: 'updated' },
  { header: 'error', key: 'error', flex: true },
];

const DAY = 86_400_000;
const dayNumber = (date: string): number => Date.parse(`${date}T00:00:00Z`) / DAY;

export default defineVerb({
  name: 'status',
  description: 'bookmarks, lag (days behind yesterday in the account zone) and last run of each account in an `ads sync` store',
  examples: ['postctl ads sync status --into ads.duckdb', 'postctl ads sync status --into postgres://postctl@db.internal/ads -o json'],
  options: { into: intoOption },
  async run(_args, opts, ctx) {
    const into = requireInto(opts.into);
    guardSecrets(ctx, into);
    const now = ctx.now();
    const store = await openStore(into, { migrate: false, cwd: ctx.io.cwd, now, env: ctx.env });
    const rows: Row[] = [];
    try {
      if ((await schemaVersion(store)) === 0) {
        ctx.log.warn(`${store.label} holds no sync yet`);
        ctx.printer.list(rows, COLUMNS);
        return 0;
      }
      const marks = await store.query(
        `SELECT b.account_id, b.entity_type, b.segment_type, CAST(b.through_day AS VARCHAR) AS through_day, a.timezone
FROM sync_bookmarks b LEFT JOIN accounts a ON a.id = b.account_id ORDER BY b.account_id, b.entity_type, b.segment_type`,
      );
      const runs = await store.query(
        'SELECT run_id, account_id, started_at, finished_at, status, inserted, updated, error FROM sync_runs ORDER BY started_at, run_id',
      );
      const last = new Map<string, Row>();
      for (const r of runs.rows) last.set(String(r.account_id), r);
      const seen = new Set<string>();
      for (const m of marks.rows) {
        const account = String(m.account_id);
        seen.add(account);
        const tz = typeof m.timezone === 'string' && isTimeZone(m.timezone) ? m.timezone : 'UTC';
        const yesterday = dayNumber(formatDate(localDate(now, tz))) - 1;
        rows.push({ ...m, timezone: undefined, lag_days: yesterday - dayNumber(String(m.through_day)), ...lastRun(last.get(account)) });
      }
      // Accounts whose runs never wrote a bookmark (a first run that failed) are shown too.
      for (const [account, r] of last)
        if (!seen.has(account))
          rows.push({ account_id: account, entity_type: null, segment_type: null, through_day: null, lag_days: null, ...lastRun(r) });
    } finally {
      await store.close();
    }
    ctx.printer.list(
      rows.map(({ timezone: _tz, ...r }) => r),
      COLUMNS,
    );
    return 0;
  },
});

function lastRun(r: Row | undefined): Row {
  if (!r) return { last_run: null, last_status: null, inserted: null, updated: null, error: null };
  return { last_run: r.started_at, last_status: r.status, inserted: r.inserted, updated: r.updated, error: r.error };
}
