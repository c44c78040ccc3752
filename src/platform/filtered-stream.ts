// The filtered stream (GET /2/tweets/search/stream) on the activity stream's
// machinery (events.ts): same reconnect, backoff, stall detection and stop
// behaviour. What differs is resuming: the filtered stream has no resume
// position, only `backfill_minutes` (0-5, for access levels that allow it),
// so a reconnect asks for that window when the user opts in, and posts seen
// before are dropped by id.
import type { ApiClient } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { joinPath } from '../http/path.js';
import { wire } from '../wire/names.js';
import { runStream, type StreamOptions, type StreamSpec, type StreamSummary } from './events.js';

/** Post ids remembered for dropping replays: five minutes of a busy stream. */
const REMEMBER = 50_000;

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

export interface FilteredStreamOptions extends StreamOptions {
  /** Field and expansion parameters, already in wire names. */
  fields: Params;
  backfillMinutes?: number;
}

export function filteredStreamSpec(
  client: Pick<ApiClient, 'names'>,
  opts: Pick<FilteredStreamOptions, 'fields' | 'backfillMinutes'>,
): StreamSpec {
  const seen = new SeenIds();
  const backfill: Params = opts.backfillMinutes ? [['backfill_minutes', String(opts.backfillMinutes)]] : [];
  return {
    name: 'the filtered stream',
    path: joinPath('2', wire('path.posts', client.names), 'search', 'stream'),
    auth: 'app',
    initial: opts.fields,
    reconnectQuery: () => [...opts.fields, ...backfill],
    accept: (msg) => seen.accept(msg.data?.id),
  };
}

export function runFilteredStream(client: ApiClient, opts: FilteredStreamOptions): Promise<StreamSummary> {
  return runStream(client, filteredStreamSpec(client, opts), opts);
}
