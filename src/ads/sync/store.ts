// The store a sync writes into and `ads sql` reads: a DuckDB file (a path) or a
// PostgreSQL database (a postgres:// URL). Each driver is imported only here,
// when a store is opened, so no other verb loads it. The SQL is shared: both
// take $1 parameters, the same column types and INSERT … ON CONFLICT … DO UPDATE.
import { InputError, UsageError } from '../../errors/cli-error.js';
import { MIGRATIONS, SCHEMA_VERSION } from './schema.js';

import type { Store } from './types.js';

export type { Param, Store } from './types.js';

export const isPostgresUrl = (target: string): boolean => /^postgres(ql)?:\/\//i.test(target);

/** A target fit to print: a URL's password (and any query secret) hidden; a path as it is. */
export function redactTarget(target: string): string {
  if (!isPostgresUrl(target)) return target;
  try {
    const u = new URL(target);
    if (u.password) u.password = '***';
    for (const k of [...u.searchParams.keys()]) if (/pass|secret|key/i.test(k)) u.searchParams.set(k, '***');
    return u.toString();
  } catch {
    return 'postgres://(a URL that does not parse)';
  }
}

/** Opens the target (`migrate`: brings its schema up to this build's; a read leaves it as it is). */
export async function openStore(
  target: string,
  o: { migrate: boolean; cwd: string; now: number; env: Record<string, string | undefined> },
): Promise<Store> {
  if (!target.trim()) throw new UsageError('the target is empty: give a file path or a postgres:// URL');
  const store = isPostgresUrl(target)
    ? await (await import('./postgres.js')).openPostgres(target, redactTarget(target), o.env)
    : await (await import('./duckdb.js')).openDuckDb(target, o.cwd, { create: o.migrate });
  try {
    if (o.migrate) await migrate(store, o.now);
  } catch (e) {
    await store.close();
    throw e;
  }
  return store;
}

/** The schema version of a store (0: none yet). */
export async function schemaVersion(store: Store): Promise<number> {
  const has = await store.query(
    "SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_name = 'schema_version' AND table_schema = current_schema()",
  );
  if (Number(has.rows[0]?.n ?? 0) === 0) return 0;
  const v = await store.query('SELECT MAX(version) AS v FROM schema_version');
  return Number(v.rows[0]?.v ?? 0);
}

/** Applies every migration this store has not had, each in its own transaction. */
async function migrate(store: Store, now: number): Promise<void> {
  await store.run('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at VARCHAR NOT NULL)');
  const have = await schemaVersion(store);
  if (have > SCHEMA_VERSION)
    throw new InputError(
      `${store.label} has schema version ${have}; this postctl knows up to ${SCHEMA_VERSION}`,
      [],
      'upgrade postctl to write into it (a store is never migrated backwards)',
    );
  for (let v = have + 1; v <= SCHEMA_VERSION; v++)
    await store.transaction(async () => {
      for (const sql of MIGRATIONS[v - 1]!) await store.run(sql);
      await store.run('INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)', [v, new Date(now).toISOString()]);
    });
}
