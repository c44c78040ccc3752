// Exactly-once posting: a post or direct message sent under an idempotency key
// (given, or a hash of the content and target) is sent at most once per key.
// The ledger (post-ledger.ts) remembers each key's last attempt:
//   - sent: a rerun prints what was posted and sends nothing;
//   - unknown (the answer was lost: dropped connection, timeout) or pending (the
//     run died mid-request): a rerun first looks for the post among the user's
//     recent posts (or the DM conversation) and returns it if it is there; only
//     if it is not is the request sent again;
//   - nothing, or an attempt the service refused (sent: false): sent as usual.
// A refusal as a duplicate (the service's own check of repeated text) is
// "already posted": the existing post is looked up and returned when found.
import { createHash } from 'node:crypto';
import { ApiError } from '../errors/api-error.js';
import { CliError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import type { LedgerEntry, PostLedger } from './post-ledger.js';

/** How a rerun knew: the ledger said sent, the lost attempt was found, or the service refused a duplicate. */
type Already = 'ledger' | 'found' | 'duplicate';

export interface OnceRequest<T> {
  /** Given with --idempotency-key, else undefined (derived from `content`). */
  key: string | undefined;
  /** What makes two sends the same: the kind, the target and the body. */
  content: unknown;
  profile: string;
  /**
   * The same content may be sent again on purpose (a direct message: the service refuses no repeat): then,
   * without a given key, a sent entry does not stop a new send — only a lost attempt is looked for first.
   */
  repeatable?: boolean;
  send(): Promise<T>;
  /** The ids worth keeping from a result (the post id; the conversation and event ids). */
  ids(result: T): Record<string, string> | undefined;
  /** The result as printed again from the kept ids. */
  replay(ids: Record<string, string>): T;
  /** The earlier attempt's result, looked for among what was posted since `since` (epoch ms). */
  find(since: number): Promise<T | undefined>;
}

export interface OnceOutcome<T> {
  result: T;
  key: string;
  already?: Already;
}

/** The default key: a hash of the content and target, so an identical rerun is recognised. */
export function contentKey(content: unknown): string {
  return `auto-${createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 32)}`;
}

/** How far back a duplicate's original is looked for: the service's duplicate window is about a day. */
const LEDGER_LOOKBACK_MS = 24 * 3600_000;

/** Slack before the recorded attempt when looking for its post: the server's clock is not ours. */
const CLOCK_SLACK_MS = 5 * 60_000;

/**
 * The live service's refusal of repeated text: HTTP 403 with the problem detail "You are not allowed to create
 * a Tweet with duplicate content." (v2), or error code 187 "Status is a duplicate." (v1.1)
 * (https://developer.x.com/en/support/x-api/error-troubleshooting).
 */
export function isDuplicateRefusal(e: unknown): boolean {
  if (!(e instanceof ApiError) || e.status !== 403) return false;
  if (e.errors.some((x) => Number(x.code) === 187)) return true;
  const said = [e.problem?.detail, ...e.errors.map((x) => x.message)].filter((x): x is string => typeof x === 'string').join(' ');
  return /duplicate content|is a duplicate/i.test(said);
}

export function sendOnce<T>(ledger: PostLedger, req: OnceRequest<T>, now: () => number): Promise<OnceOutcome<T>> {
  const key = req.key ?? contentKey(req.content);
  return ledger.exclusive(req.profile, key, () => sendUnderLock(ledger, req, key, now));
}

async function sendUnderLock<T>(ledger: PostLedger, req: OnceRequest<T>, key: string, now: () => number): Promise<OnceOutcome<T>> {
  const explicit = req.key !== undefined;
  const record = (entry: Omit<LedgerEntry, 'key' | 'profile' | 'explicit'> | null) =>
    ledger.set(req.profile, key, entry && { ...entry, explicit });
  const found = async (since: number, already: Already): Promise<OnceOutcome<T> | undefined> => {
    const result = await req.find(since - CLOCK_SLACK_MS);
    if (result === undefined) return undefined;
    const ids = req.ids(result);
    record({ state: 'sent', at: now(), ...(ids ? { result: ids } : {}) });
    return { result, key, already };
  };

  const last = ledger.get(req.profile, key);
  if (last?.state === 'sent' && last.result && (explicit || !req.repeatable))
    return { result: req.replay(last.result), key, already: 'ledger' };
  if (last && last.state !== 'sent') {
    const earlier = await found(last.at, 'found');
    if (earlier) return earlier;
  }
  const at = now();
  record({ state: 'pending', at });
  let result: T;
  try {
    result = await req.send();
  } catch (e) {
    if (isDuplicateRefusal(e)) {
      const existing = await found(at - LEDGER_LOOKBACK_MS, 'duplicate').catch(() => undefined);
      if (existing) return existing;
      record(null);
      throw new CliError('already posted: the service refused this text as a duplicate of a recent post of yours', {
        exitCode: EXIT.INVALID_INPUT,
        code: 'already_posted',
        sent: true,
        hint: 'It was not found among your recent posts; change the text to post it again.',
        cause: e,
      });
    }
    // A lost answer, or Ctrl-C / SIGTERM in the middle of the request (a cron timeout), may have posted:
    // the key stays, so the next run looks first. A refusal, or a check that stopped it before sending, clears it.
    const maybe = !(e instanceof CliError) || e.sent === 'unknown' || (e.code === 'interrupted' && e.sent === undefined);
    if (!maybe) record(null);
    else {
      record({ state: 'unknown', at });
      if (e instanceof CliError) {
        e.sent = 'unknown';
        e.hint = `${e.hint ? `${e.hint} ` : ''}Run the same command again (idempotency key ${key}): postctl looks for the post before sending it again.`;
      }
    }
    throw e;
  }
  const ids = req.ids(result);
  record({ state: 'sent', at, ...(ids ? { result: ids } : {}) });
  return { result, key };
}
