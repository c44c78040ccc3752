// Where the negotiated field dialect of each API origin is remembered: a small
// JSON file in postctl's cache directory ($POSTCTL_CACHE_DIR, else
// $XDG_CACHE_HOME/postctl, else ~/.cache/postctl) — not the config: it is
// learnt from the service, never set by the user, and losing it costs one
// extra request. Read and written by the safe-file rule (bin/safe-file.js): a
// FIFO, device, link, foreign or oversized file there, or a cache directory
// someone else can write to, is ignored (the negotiation runs again); writes go
// through a random-named O_EXCL temporary file renamed into place.
import { homedir } from 'node:os';
import { join } from 'node:path';
import { readSafe, writeSafe } from '../config/safe-file.js';
import type { Dialect } from './dialect.js';

/** The file holds one word per API origin: far below this. */
const MAX_BYTES = 64 * 1024;

export function cacheDir(env: NodeJS.ProcessEnv): string {
  if (env.POSTCTL_CACHE_DIR) return env.POSTCTL_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(env.HOME || homedir(), '.cache'), 'postctl');
}

export class DialectCache {
  readonly dir: string;
  readonly file: string;
  private known: Record<string, Dialect> | undefined;

  constructor(env: NodeJS.ProcessEnv) {
    this.dir = cacheDir(env);
    this.file = join(this.dir, 'dialects.json');
  }

  private read(): Record<string, Dialect> {
    if (this.known) return this.known;
    this.known = {};
    try {
      const buf = readSafe(this.file, { max: MAX_BYTES, top: this.dir });
      const data = buf && (JSON.parse(buf.toString('utf8')) as unknown);
      if (data && typeof data === 'object')
        for (const [origin, d] of Object.entries(data)) if (d === 'tweet' || d === 'post') this.known[origin] = d;
    } catch {
      // Unreadable, unsafe or not JSON: as if there were none.
    }
    return this.known;
  }

  get(origin: string): Dialect | undefined {
    return this.read()[origin];
  }

  set(origin: string, dialect: Dialect): void {
    const next = { ...this.read(), [origin]: dialect };
    this.known = next;
    try {
      writeSafe(this.file, JSON.stringify(next, null, 1) + '\n', { top: this.dir });
    } catch {
      // A read-only or unsafe cache only costs the negotiation again next time.
    }
  }
}
