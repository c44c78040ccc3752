// Resuming the activity stream after a disconnect without losing or repeating
// events. The real stream takes `start_time` (YYYY-MM-DDTHH:mm:ssZ, the
// earliest event time to deliver) and `backfill_minutes`; events carry an
// `event_uuid`. On reconnect we ask for events from the second of the last
// event seen, so nothing after it can be missed, and drop the ones of that
// second we already printed by their uuid.
//
// An event's time is its `created_at` (data.created_at, else
// payload.created_at) when present; the spec does not show the event shape,
// so without one we fall back to the time we received it minus a margin for
// latency and clock skew, which only widens the replayed window.

export const RECEIVE_MARGIN_MS = 2000;
/** How far behind the newest event uuids are remembered (covers the replayed second and the margin). */
const KEEP_MS = 10_000;
const MAX_REMEMBERED = 100_000;

export interface StreamEvent {
  data?: { event_uuid?: string; created_at?: string; payload?: { created_at?: string } & Record<string, unknown> } & Record<
    string,
    unknown
  >;
}

function eventTime(ev: StreamEvent, receivedAt: number): { time: number; exact: boolean } {
  const stamp = ev.data?.created_at ?? ev.data?.payload?.created_at;
  const t = typeof stamp === 'string' ? Date.parse(stamp) : NaN;
  return Number.isFinite(t) ? { time: t, exact: true } : { time: receivedAt - RECEIVE_MARGIN_MS, exact: false };
}

/** YYYY-MM-DDTHH:mm:ssZ, rounded down to the second. */
export function startTimeParam(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

export class EventResume {
  private seen = new Map<string, number>();
  /** Earliest time an event we have not printed yet can carry. */
  private floor: number | undefined;

  /** Records an event; false when it was already delivered (a replay). */
  accept(ev: StreamEvent, receivedAt: number): boolean {
    const { time } = eventTime(ev, receivedAt);
    const uuid = ev.data?.event_uuid;
    if (typeof uuid === 'string') {
      if (this.seen.has(uuid)) return false;
      this.seen.set(uuid, time);
    }
    if (this.floor === undefined || time > this.floor) this.floor = time;
    this.prune();
    return true;
  }

  private prune(): void {
    if (this.floor === undefined) return;
    // Insertion order is delivery order, which is time order.
    for (const [uuid, t] of this.seen) {
      if (t >= this.floor - KEEP_MS && this.seen.size <= MAX_REMEMBERED) break;
      this.seen.delete(uuid);
    }
  }

  /** `start_time` for the reconnect, or undefined when no event was seen yet. */
  resumeAt(): string | undefined {
    return this.floor === undefined ? undefined : startTimeParam(this.floor);
  }

  get remembered(): number {
    return this.seen.size;
  }
}
