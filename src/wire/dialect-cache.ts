// Where the negotiated field dialect of each API origin is remembered: a small
// JSON file in postctl's cache directory ($POSTCTL_CACHE_DIR, else
// $XDG_CACHE_HOME/postctl, else ~/.cache/postctl) — not the config: it is
// learnt from the service, never set by the user, and losing it costs one
// extra request. Written to a temporary file and renamed, so a reader never
// sees half a file; an unreadable file reads as empty.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Dialect } from './dialect.js';

export function cacheDir(env: NodeJS.ProcessEnv): string {
  if (env.POSTCTL_CACHE_DIR) return env.POSTCTL_CACHE_DIR;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'postctl');
}

export class DialectCache {
  readonly file: string;
  private known: Record<string, Dialect> | undefined;

  constructor(env: NodeJS.ProcessEnv) {
    this.file = join(cacheDir(env), 'dialects.json');
  }

  private read(): Record<string, Dialect> {
    if (this.known) return this.known;
    try {
      const data = JSON.parse(readFileSync(this.file, 'utf8')) as unknown;
      this.known = {};
      if (data && typeof data === 'object')
        for (const [origin, d] of Object.entries(data)) if (d === 'tweet' || d === 'post') this.known[origin] = d;
    } catch {
      this.known = {};
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
      mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
      const tmp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify(next, null, 1) + '\n', { mode: 0o600 });
      renameSync(tmp, this.file);
    } catch {
      // A read-only cache only costs the negotiation again next time.
    }
  }
}
