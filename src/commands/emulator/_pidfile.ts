// Background emulators (--print-env) are recorded as one small JSON file per
// port under <config dir>/emulators/, so `postctl emulator stop` finds them.
// A record decides which process gets a SIGTERM, so it is trusted like the
// config itself (config/trust.ts: our own directories and 0600 files, no links),
// and it names the process precisely: its command line and start time as
// /proc showed them when the emulator wrote the record (see `sameProcess`).
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { configDir, configFile } from '../../config/paths.js';
import { checkConfigTrust } from '../../config/trust.js';
import { readOrRefuse, writeOrRefuse } from '../../config/safe-file.js';

export interface EmulatorRecord {
  pid: number;
  port: number;
  url: string;
  /** /proc/<pid>/cmdline of the emulator when it started (Linux). */
  cmdline?: string;
  /** Field 22 of /proc/<pid>/stat: the process's start time in clock ticks since boot (Linux). */
  start?: string;
  /** When it started listening (ISO 8601); absent in records of older versions. */
  started?: string;
  /** A foreground emulator (Ctrl-C ends it): recorded only so its profile can be cleaned if it is killed -9. */
  foreground?: boolean;
}

/** What /proc says about a pid: its command line and start time; undefined without /proc or without the process. */
export function procIdentity(pid: number | 'self'): { cmdline: string; start: string } | undefined {
  try {
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces and parentheses: fields are counted after its last ')'.
    const start = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
    return start ? { cmdline, start } : undefined;
  } catch {
    return undefined;
  }
}

const dirOf = (env: NodeJS.ProcessEnv): string => join(configDir(env), 'emulators');

function recordFile(env: NodeJS.ProcessEnv, port: number): string {
  return join(dirOf(env), `${port}.json`);
}

export function writeRecord(env: NodeJS.ProcessEnv, rec: EmulatorRecord): void {
  mkdirSync(configDir(env), { recursive: true, mode: 0o700 });
  writeOrRefuse(recordFile(env, rec.port), JSON.stringify(rec) + '\n', 'emulator record', { top: configDir(env) });
}

export function removeRecord(env: NodeJS.ProcessEnv, port: number): void {
  rmSync(recordFile(env, port), { force: true });
}

/** The records, each from a trusted directory and file (exit 2 otherwise: a record someone else wrote names any pid). */
export function listRecords(env: NodeJS.ProcessEnv): EmulatorRecord[] {
  checkConfigTrust(configDir(env), configFile(env));
  let names: string[];
  try {
    names = readdirSync(dirOf(env)).filter((n) => /^\d+\.json$/.test(n));
  } catch {
    return [];
  }
  const out: EmulatorRecord[] = [];
  for (const name of names) {
    checkConfigTrust(dirOf(env), join(dirOf(env), name));
    try {
      const rec = JSON.parse(
        readOrRefuse(join(dirOf(env), name), 'emulator record', { max: 64 * 1024 })?.toString('utf8') ?? '',
      ) as EmulatorRecord;
      if (Number.isInteger(rec.pid) && Number.isInteger(rec.port)) out.push(rec);
    } catch {
      // a half-written or foreign file: not ours to act on
    }
  }
  return out;
}

/**
 * Whether this pid is still the emulator the record was written by: it exists
 * (signal 0 only checks) and, where /proc exists, has the very command line and
 * start time recorded — a pid reused by another program, or a record naming
 * some other process, is never signalled. A record without them (written by an
 * older postctl) is trusted only where there is no /proc to check.
 */
export function ours(rec: EmulatorRecord): boolean {
  try {
    process.kill(rec.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = procIdentity(rec.pid);
  if (!now) return procIdentity('self') === undefined; // no /proc (macOS): the trusted record and a live pid are all there is
  return now.cmdline === rec.cmdline && now.start === rec.start && now.cmdline.includes('emulator');
}
