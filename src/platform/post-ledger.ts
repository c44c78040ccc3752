// The idempotency ledger of posts and direct messages: post-ledger.json beside
// config.json, one entry per idempotency key and profile, saying what the last
// attempt came to — pending (sent, no answer yet: a crash leaves it so), unknown
// (the answer was lost), or sent (with the id). A rerun with the same key reads
// it before sending anything (src/platform/exactly-once.ts).
//
// Bounded: an entry lives 24 hours for a default key (a hash of the content: as
// long as the service refuses a repeated text, so a daily "gm" is not taken for
// a rerun the next day) and 7 days for a key given with --idempotency-key, and
// at most MAX_ENTRIES are kept, the newest. Read and written under the
// safe-file rule (no link followed, a regular file of the user's, replaced by
// an atomic rename, 0600), under a lock so two cron jobs do not lose an entry;
// each key's whole send is under a lock of its own (exclusive).
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { withFileLock, withFileLockAsync } from '../config/lock.js';
import { configDir } from '../config/paths.js';
import { ensureDir, readOrRefuse, writeOrRefuse } from '../config/safe-file.js';

export const LEDGER_TTL_MS = { auto: 24 * 3600_000, explicit: 7 * 24 * 3600_000 } as const;
export const MAX_ENTRIES = 500;
const MAX_BYTES = 4 * 1024 * 1024;

type LedgerState = 'pending' | 'unknown' | 'sent';

export interface LedgerEntry {
  key: string;
  profile: string;
  /** Given with --idempotency-key (kept longer) or derived from the content. */
  explicit: boolean;
  state: LedgerState;
  /** Epoch ms of the last attempt (the run's clock). */
  at: number;
  /** What the service answered when it was sent: ids only (never the text, never a credential). */
  result?: Record<string, string>;
}

export function ledgerPath(env: NodeJS.ProcessEnv): string {
  return join(configDir(env), 'post-ledger.json');
}

function parse(buf: Buffer | undefined): LedgerEntry[] {
  if (!buf) return [];
  try {
    const v = JSON.parse(buf.toString('utf8')) as { entries?: unknown };
    return Array.isArray(v.entries) ? v.entries.filter(isEntry) : [];
  } catch {
    // A ledger that does not parse is no ledger: the next write replaces it.
    return [];
  }
}

function isEntry(e: unknown): e is LedgerEntry {
  const x = e as LedgerEntry;
  return (
    Boolean(x) &&
    typeof x.key === 'string' &&
    typeof x.profile === 'string' &&
    typeof x.at === 'number' &&
    ['pending', 'unknown', 'sent'].includes(x.state)
  );
}

/** The entries still in force at `now`, newest first, at most MAX_ENTRIES. */
export function prune(entries: readonly LedgerEntry[], now: number): LedgerEntry[] {
  return entries
    .filter((e) => now - e.at < LEDGER_TTL_MS[e.explicit ? 'explicit' : 'auto'] && e.at <= now + 3600_000)
    .sort((a, b) => b.at - a.at)
    .slice(0, MAX_ENTRIES);
}

export class PostLedger {
  private readonly path: string;
  private readonly top: string;
  constructor(
    env: NodeJS.ProcessEnv,
    private readonly now: () => number,
  ) {
    this.path = ledgerPath(env);
    this.top = configDir(env);
  }

  private read(): LedgerEntry[] {
    return parse(readOrRefuse(this.path, 'idempotency ledger', { max: MAX_BYTES, top: this.top }));
  }

  get(profile: string, key: string): LedgerEntry | undefined {
    return prune(this.read(), this.now()).find((e) => e.profile === profile && e.key === key);
  }

  /**
   * Runs `fn` (the whole check, send and record of one key) while holding that key's lock, so two runs
   * of the same command at once (an overlapping cron job) cannot both send: the second waits, then
   * finds the first one's entry.
   */
  async exclusive<T>(profile: string, key: string, fn: () => Promise<T>): Promise<T> {
    ensureDir(this.top, this.top);
    const name = createHash('sha256').update(`${profile}\n${key}`).digest('hex').slice(0, 16);
    return withFileLockAsync(join(this.top, `post-ledger-${name}`), fn);
  }

  /** Replaces the entry of the same key and profile (`null`: removes it). */
  set(profile: string, key: string, entry: Omit<LedgerEntry, 'key' | 'profile'> | null): void {
    ensureDir(this.top, this.top);
    withFileLock(this.path, () => {
      const others = this.read().filter((e) => !(e.profile === profile && e.key === key));
      const entries = prune(entry ? [{ key, profile, ...entry }, ...others] : others, this.now());
      writeOrRefuse(this.path, `${JSON.stringify({ version: 1, entries }, null, 1)}\n`, 'idempotency ledger', { top: this.top });
    });
  }
}
