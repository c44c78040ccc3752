// The filtered stream (GET /2/tweets/search/stream) on the activity stream's
// machinery (events.ts): same reconnect, backoff, stall detection and stop
// behaviour. What differs is resuming: the filtered stream has no resume
// position, only `backfill_minutes` (0-5, for access levels that allow it), so
// a reconnect asks for that window (--backfill-minutes, or with a state file
// the minutes since the last post) and posts printed before are dropped by id
// (stream-checkpoint.ts). A new process with a state file asks for the backfill
// its gap needs; a gap longer than the backfill is filled first from recent
// search for the same rules, and what no API gives back any more is reported.
import { CliError } from '../errors/cli-error.js';
import type { ApiClient } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { pages, v2Cursor } from '../http/paginate.js';
import { joinPath } from '../http/path.js';
import { wire } from '../wire/names.js';
import { startTimeParam, type StreamEvent } from './event-resume.js';
import { runStream, type StreamOptions, type StreamSpec, type StreamSummary } from './events.js';
import { searchPath } from './search.js';
import { formatGap, planGap, snowflakeTime, StreamCheckpoint } from './stream-checkpoint.js';
import { listRules, type Rule } from './stream-rules.js';

export interface FilteredStreamOptions extends StreamOptions {
  /** Field and expansion parameters, already in wire names. */
  fields: Params;
  backfillMinutes?: number;
  /** --state: where the stream is up to, loaded; saved as posts are printed. */
  checkpoint?: StreamCheckpoint;
}

/** Post ids remembered for dropping replays: five minutes of a busy stream. */
const REMEMBER = 50_000;

/** Ids seen, for the streams that keep no checkpoint (the volume streams). */
export class SeenIds {
  private ids = new Set<string>();
  constructor(private max = REMEMBER) {}

  /** false when the id was seen before; messages without an id pass. */
  accept(id: unknown): boolean {
    if (typeof id !== 'string') return true;
    if (this.ids.has(id)) return false;
    this.ids.add(id);
    // Insertion order is arrival order: forget the oldest.
    if (this.ids.size > this.max) this.ids.delete(this.ids.values().next().value!);
    return true;
  }
}

/** Recent search's longest query (self-serve access): longer rules cannot be searched. */
const SEARCH_QUERY_MAX = 512;

export function filteredStreamSpec(
  client: Pick<ApiClient, 'names'>,
  opts: Pick<FilteredStreamOptions, 'fields' | 'backfillMinutes'> & Partial<Pick<FilteredStreamOptions, 'checkpoint' | 'now' | 'log'>>,
  initial: Params = opts.fields,
): StreamSpec {
  const cp = opts.checkpoint ?? StreamCheckpoint.inMemory('filtered');
  const now = opts.now ?? Date.now;
  return {
    name: 'the filtered stream',
    path: joinPath('2', wire('path.posts', client.names), 'search', 'stream'),
    auth: 'app',
    initial,
    reconnectQuery: () => {
      cp.replaying = true;
      let minutes = opts.backfillMinutes;
      // With a state file the reconnect asks for the time since the last post, as a restart would.
      if (opts.checkpoint && cp.lastTime !== undefined) {
        const plan = planGap(cp.lastTime, now(), false);
        minutes = plan.backfillMinutes;
        if (plan.hole)
          opts.log?.warn(holeMessage(plan.hole, 'longer than the stream’s 5-minute backfill; restart with --state to fill it from search'));
      }
      return [...opts.fields, ...(minutes ? ([['backfill_minutes', String(minutes)]] as Params) : [])];
    },
    accept: (msg, at) => cp.accept(msg.data?.id, at),
  };
}

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const holeMessage = ([from, to]: [number, number], why: string) => `posts from ${iso(from)} to ${iso(to)} may be missing: ${why}`;

export async function runFilteredStream(client: ApiClient, opts: FilteredStreamOptions): Promise<StreamSummary> {
  const cp = opts.checkpoint;
  const now = opts.now ?? Date.now;
  let initial = opts.fields;
  let filled = 0;
  if (cp && cp.lastTime !== undefined) {
    const plan = planGap(cp.lastTime, now(), true);
    opts.log.info(
      `resuming after ${formatGap(plan.gapMs)} (last post ${cp.lastId ?? '?'} at ${iso(cp.lastTime)}): ` +
        `${plan.searchFrom !== undefined ? 'recent search first, then ' : ''}${plan.backfillMinutes} minute${plan.backfillMinutes === 1 ? '' : 's'} of stream backfill`,
    );
    if (plan.hole) opts.log.warn(holeMessage(plan.hole, 'recent search covers the last 7 days only'));
    if (plan.searchFrom !== undefined) filled = await fillFromSearch(client, cp, plan.searchFrom, opts);
    initial = [...opts.fields, ['backfill_minutes', String(plan.backfillMinutes)]];
  }
  const saving = cp
    ? {
        ...opts,
        onEvent: async (event: StreamEvent, line: string) => {
          await opts.onEvent(event, line);
          cp.save(now());
        },
      }
    : opts;
  try {
    if (opts.limit !== undefined && filled >= opts.limit) return { events: filled, reconnects: 0, duplicatesDropped: 0, stopped: 'limit' };
    const limit = opts.limit === undefined ? {} : { limit: opts.limit - filled };
    const summary = await runStream(client, filteredStreamSpec(client, opts, initial), { ...saving, ...limit });
    return { ...summary, events: summary.events + filled };
  } finally {
    cp?.save(now(), true);
  }
}

interface Found {
  post: Record<string, unknown> & { id: string };
  rules: Rule[];
  author?: unknown;
}

/**
 * The posts of [from, now] that match the stream's rules, from recent search (one query per rule, every page),
 * printed oldest first as stream messages (`matching_rules` naming the rules) unless already printed. Returns
 * how many were printed. A rule search cannot take, or a search that fails, is reported as a possible hole.
 */
async function fillFromSearch(client: ApiClient, cp: StreamCheckpoint, from: number, opts: FilteredStreamOptions): Promise<number> {
  const now = opts.now ?? Date.now;
  const found = new Map<string, Found>();
  let rules: Rule[];
  try {
    rules = (await listRules(client, [])).data ?? [];
  } catch (e) {
    if (!(e instanceof CliError)) throw e;
    opts.log.warn(holeMessage([from, now()], `the rules could not be read to search for them (${e.message})`));
    return 0;
  }
  const path = searchPath(client, 'search', 'recent');
  for (const rule of rules) {
    if ([...rule.value].length > SEARCH_QUERY_MAX) {
      opts.log.warn(holeMessage([from, now()], `rule ${rule.id} is longer than recent search takes (${SEARCH_QUERY_MAX} characters)`));
      continue;
    }
    const query: Params = [['query', rule.value], ['start_time', startTimeParam(from)], ['max_results', '100'], ...opts.fields];
    try {
      for await (const page of pages<Found['post']>(client, { method: 'GET', path, query, auth: 'app' }, v2Cursor)) {
        const users = ((page.envelope.includes as { users?: Array<{ id?: unknown }> } | undefined)?.users ?? []) as Array<{ id?: unknown }>;
        for (const post of page.items) {
          if (typeof post?.id !== 'string') continue;
          const entry = found.get(post.id) ?? { post, rules: [] };
          entry.rules.push(rule);
          const author = users.find((u) => u.id === post.author_id);
          if (author) entry.author = author;
          found.set(post.id, entry);
        }
      }
    } catch (e) {
      if (!(e instanceof CliError)) throw e;
      opts.log.warn(holeMessage([from, now()], `recent search for rule ${rule.id} failed (${e.message})`));
    }
  }
  const order = (f: Found) => snowflakeTime(f.post.id) ?? 0;
  let printed = 0;
  let dropped = 0;
  for (const f of [...found.values()].sort((a, b) => order(a) - order(b))) {
    if (opts.signal.aborted || (opts.limit !== undefined && printed >= opts.limit)) break;
    if (cp.accept(f.post.id, now()) !== true) {
      dropped++;
      continue;
    }
    const msg = {
      data: f.post,
      ...(f.author ? { includes: { users: [f.author] } } : {}),
      matching_rules: f.rules.map((r) => ({ id: r.id, ...(r.tag !== undefined ? { tag: r.tag } : {}) })),
    };
    await opts.onEvent(msg as StreamEvent, JSON.stringify(msg));
    cp.save(now());
    printed++;
  }
  opts.log.info(
    `recent search filled the gap: ${printed} post${printed === 1 ? '' : 's'}${dropped ? ` (${dropped} printed before, dropped)` : ''}`,
  );
  return printed;
}
