// The PostgreSQL store, through `pg`. Credentials come from the URL, else the
// usual PG* variables of the run's environment (PGHOST, PGPORT, PGUSER,
// PGPASSWORD, PGDATABASE); the URL wins. Messages name the target with its
// password hidden. BIGINT (int8) and whole NUMERIC come back as BigInt, exact; dates and times as
// the server's text, never a JavaScript Date in the machine's zone.
import { NetworkError } from '../../errors/cli-error.js';
import type { Param, Store } from './types.js';

const INT8 = 20;
// SUM of a BIGINT is NUMERIC: a whole one is an integer as DuckDB's HUGEINT is; a fraction stays exact text.
const NUMERIC = 1700;
const AS_TEXT = new Set([1082, 1083, 1114, 1184, 1266]); // date, time, timestamp, timestamptz, timetz

export async function openPostgres(target: string, label: string, env: Record<string, string | undefined>): Promise<Store> {
  const pg = (await import('pg')).default;
  const types = {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (oid === INT8) return (v: string) => BigInt(v);
      if (oid === NUMERIC) return (v: string) => (/^-?\d+$/.test(v) ? BigInt(v) : v);
      if (AS_TEXT.has(oid)) return (v: string) => v;
      return pg.types.getTypeParser(oid, format as 'text');
    }) as typeof pg.types.getTypeParser,
  };
  const fromEnv = {
    ...(env.PGHOST ? { host: env.PGHOST } : {}),
    ...(env.PGPORT ? { port: Number(env.PGPORT) } : {}),
    ...(env.PGUSER ? { user: env.PGUSER } : {}),
    ...(env.PGPASSWORD !== undefined ? { password: env.PGPASSWORD } : {}),
    ...(env.PGDATABASE ? { database: env.PGDATABASE } : {}),
  };
  const client = new pg.Client({ ...fromEnv, connectionString: target, types });
  // An idle connection the server drops is an 'error' event: without a listener it would end the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (e) {
    throw new NetworkError(`${label}: cannot connect to PostgreSQL (${(e as Error).message})`, {
      hint: 'check the URL, or PGHOST/PGPORT/PGUSER/PGPASSWORD/PGDATABASE',
    });
  }
  const query = async (sql: string, params: readonly Param[] = []) => {
    const res = await client.query({ text: sql, values: params.map((p) => (typeof p === 'bigint' ? p.toString() : p)) });
    return { columns: (res.fields ?? []).map((f) => f.name), rows: res.rows ?? [] };
  };
  return {
    kind: 'postgres',
    label,
    query,
    async run(sql, params = []) {
      await query(sql, params);
    },
    async transaction(fn) {
      await client.query('BEGIN');
      try {
        const out = await fn();
        await client.query('COMMIT');
        return out;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      }
    },
    async close() {
      await client.end().catch(() => undefined);
    },
  };
}
