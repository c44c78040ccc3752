// The DuckDB store: one file, opened by one process at a time (DuckDB locks it).
// The file is the user's own data: a link in its place is refused, and a file
// this run creates is made 0600 (its stats are the agency's clients' spend).
import { chmodSync, existsSync, lstatSync } from 'node:fs';
import { resolve } from 'node:path';
import { CliError, InputError } from '../../errors/cli-error.js';
import { EXIT } from '../../errors/exit-codes.js';
import type { Param, Row, Store } from './types.js';

/** A DuckDB value as printed and compared: integers stay BigInt (exact), dates and decimals their text. */
function plain(v: unknown): unknown {
  if (v === null || typeof v !== 'object') return v;
  return String(v);
}

export async function openDuckDb(target: string, cwd: string, o: { create: boolean }): Promise<Store> {
  // :memory: is DuckDB's database of no file: `ads sql :memory: "SELECT … FROM 'x.parquet'"` reads files only.
  const memory = target === ':memory:';
  const path = memory ? target : resolve(cwd, target);
  const existed = memory || existsSync(path);
  if (!memory && existed && lstatSync(path).isSymbolicLink())
    throw new InputError(`${target} is a symbolic link; give the database file itself`);
  if (!existed && !o.create)
    throw new CliError(`${target}: no such store`, {
      exitCode: EXIT.NOT_FOUND,
      code: 'not_found',
      hint: 'run `postctl ads sync --into FILE` first',
    });
  const { DuckDBInstance } = await import('@duckdb/node-api');
  let instance: Awaited<ReturnType<typeof DuckDBInstance.create>>;
  try {
    instance = await DuckDBInstance.create(path);
  } catch (e) {
    throw new InputError(`${target} cannot be opened as a DuckDB database: ${(e as Error).message.split('\n')[0]}`);
  }
  if (!existed) chmodSync(path, 0o600);
  const conn = await instance.connect();
  const query = async (sql: string, params: readonly Param[] = []) => {
    const reader = await conn.runAndReadAll(sql, params.length ? [...params] : undefined);
    const columns = reader.columnNames();
    const rows = reader.getRowObjects().map((r) => {
      const out: Row = {};
      for (const c of columns) out[c] = plain(r[c]);
      return out;
    });
    return { columns, rows };
  };
  return {
    kind: 'duckdb',
    label: target,
    query,
    async run(sql, params = []) {
      await conn.run(sql, params.length ? [...params] : undefined);
    },
    async transaction(fn) {
      await conn.run('BEGIN TRANSACTION');
      try {
        const out = await fn();
        await conn.run('COMMIT');
        return out;
      } catch (e) {
        await conn.run('ROLLBACK').catch(() => undefined);
        throw e;
      }
    },
    async close() {
      conn.closeSync();
      instance.closeSync();
    },
  };
}
