// `postctl ads sql TARGET "SELECT …"`: a query on a sync store (a DuckDB file or
// a postgres:// URL), printed through the usual printers: a table, CSV, JSON.
// Integers come back exact (BigInt; JSON prints them bare). Anything the
// database runs works, such as DuckDB's COPY (…) TO 'x.parquet'.
import { openStore, redactTarget } from '../../ads/sync/store.js';
import { InputError, UsageError } from '../../errors/cli-error.js';
import type { Column } from '../../output/printer.js';
import { defineVerb } from '../define.js';
import { guardSecrets } from './sync/_flags.js';

export default defineVerb({
  name: 'sql <target> <query>',
  description: 'run SQL on an `ads sync` store (DuckDB file or postgres:// URL) and print the rows as table, CSV or JSON',
  examples: [
    'postctl ads sql ads.duckdb "SELECT account_id, SUM(spend_micro) AS spend_micro FROM stats_daily GROUP BY 1 ORDER BY 1"',
    `postctl ads sql ads.duckdb "COPY (SELECT * FROM stats_daily) TO 'stats.parquet' (FORMAT parquet)"`,
    'postctl ads sql postgres://postctl@db.internal/ads "SELECT * FROM sync_runs ORDER BY started_at DESC LIMIT 10" -o csv',
  ],
  options: {},
  async run([target, query], _opts, ctx) {
    guardSecrets(ctx, target);
    if (!query.trim()) throw new UsageError('the query is empty');
    const store = await openStore(target, { migrate: false, cwd: ctx.io.cwd, now: ctx.now(), env: ctx.env });
    try {
      const { columns, rows } = await store.query(query).catch((e: Error) => {
        throw new InputError(`${redactTarget(target)}: ${ctx.redactor.text(e.message.split('\n')[0] ?? '')}`);
      });
      const cols: Column<Record<string, unknown>>[] = columns.map((c) => ({ header: c, get: (r) => r[c] }));
      ctx.printer.list(rows, cols);
    } finally {
      await store.close();
    }
    return 0;
  },
});
