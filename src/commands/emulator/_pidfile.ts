// Background emulators (--print-env) are recorded as one small JSON file per
// port under <config dir>/emulators/, so `postctl emulator stop` finds them.
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { configDir } from '../../config/paths.js';

export interface EmulatorRecord {
  pid: number;
  port: number;
  url: string;
  /** When it started listening (ISO 8601); absent in records of older versions. */
  started?: string;
}

const dirOf = (env: NodeJS.ProcessEnv): string => join(configDir(env), 'emulators');

function recordFile(env: NodeJS.ProcessEnv, port: number): string {
  return join(dirOf(env), `${port}.json`);
}

export function writeRecord(env: NodeJS.ProcessEnv, rec: EmulatorRecord): void {
  mkdirSync(dirOf(env), { recursive: true, mode: 0o700 });
  writeFileSync(recordFile(env, rec.port), JSON.stringify(rec) + '\n', { mode: 0o600 });
}

export function removeRecord(env: NodeJS.ProcessEnv, port: number): void {
  rmSync(recordFile(env, port), { force: true });
}

export function listRecords(env: NodeJS.ProcessEnv): EmulatorRecord[] {
  let names: string[];
  try {
    names = readdirSync(dirOf(env)).filter((n) => /^\d+\.json$/.test(n));
  } catch {
    return [];
  }
  const out: EmulatorRecord[] = [];
  for (const name of names) {
    try {
      const rec = JSON.parse(readFileSync(join(dirOf(env), name), 'utf8')) as EmulatorRecord;
      if (Number.isInteger(rec.pid) && Number.isInteger(rec.port)) out.push(rec);
    } catch {
      // a half-written or foreign file: not ours to act on
    }
  }
  return out;
}

/**
 * Whether this pid is still our emulator: it exists (signal 0 only checks) and,
 * where /proc shows command lines, it is a `postctl emulator` (a pid reused by
 * another program after a reboot is never signalled).
 */
export function ours(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('emulator');
  } catch {
    return true; // no /proc (macOS): the record and a live pid are all there is
  }
}
