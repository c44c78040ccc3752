// Which deletes and pauses of a plan stop something that runs: a campaign or
// line item that is ACTIVE, or that spent money in the last 7 days (a paused
// entity can still have spent yesterday, and deleting it loses its delivery
// for good). The spend comes from the synchronous stats endpoint, one request
// per entity type for up to 20 ids (its limit), TOTAL over the last 7 whole
// days of hours — the longest window a synchronous request takes. When the
// stats cannot be read, every stop is taken as live (spend unknown): a gate
// that opens on an error would be no gate.
import { CliError } from '../../errors/cli-error.js';
import type { ApiClient } from '../../http/client.js';
import { getSyncStats } from '../stats/api.js';
import type { AccountRef } from '../types.js';
import type { PlanOp } from './diff.js';

const HOUR = 3_600_000;
/** "entity_ids … up to 20" (synchronous analytics). */
const IDS_PER_REQUEST = 20;
/** "a maximum time range … of 7 days" (synchronous analytics). */
const WINDOW_HOURS = 7 * 24;
const ENTITY = { campaign: 'CAMPAIGN', line_item: 'LINE_ITEM' } as const;

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** The sum of a metric's buckets (null buckets and non-numbers count as nothing). */
function sum(v: unknown): bigint {
  if (!Array.isArray(v)) return 0n;
  let out = 0n;
  for (const x of v) if (typeof x === 'number' && Number.isSafeInteger(x) && x > 0) out += BigInt(x);
  return out;
}

/** Spend of the last 7 days per id, for the ids of one entity type; a string (why) when the stats could not be read. */
async function spendOf(
  client: ApiClient,
  account: AccountRef,
  entity: string,
  ids: string[],
  now: number,
): Promise<Map<string, bigint> | string> {
  const end = Math.ceil(now / HOUR) * HOUR;
  const start = end - WINDOW_HOURS * HOUR;
  const out = new Map<string, bigint>();
  for (let i = 0; i < ids.length; i += IDS_PER_REQUEST) {
    let body: Awaited<ReturnType<typeof getSyncStats>>;
    try {
      body = await getSyncStats(client, account, {
        entity,
        ids: ids.slice(i, i + IDS_PER_REQUEST),
        groups: ['BILLING'],
        placement: 'ALL_ON_TWITTER',
        granularity: 'TOTAL',
        start: iso(start),
        end: iso(end),
      });
    } catch (e) {
      if (!(e instanceof CliError)) throw e;
      return e.message;
    }
    for (const el of Array.isArray(body?.data) ? body.data : []) {
      if (!el || typeof el.id !== 'string' || !Array.isArray(el.id_data)) continue;
      let spent = out.get(el.id) ?? 0n;
      for (const d of el.id_data) spent += sum(d?.metrics?.billed_charge_local_micro);
      out.set(el.id, spent);
    }
  }
  return out;
}

/** Marks (op.live) every delete or pause of a campaign or line item that is ACTIVE or spent in the last 7 days. */
export async function markLive(client: ApiClient, account: AccountRef, ops: readonly PlanOp[], now = Date.now()): Promise<void> {
  const stopping = ops.filter((o) => o.stops && o.id && (o.kind === 'campaign' || o.kind === 'line_item'));
  for (const kind of ['campaign', 'line_item'] as const) {
    const list = stopping.filter((o) => o.kind === kind);
    if (!list.length) continue;
    const spent = await spendOf(client, account, ENTITY[kind], [...new Set(list.map((o) => o.id!))], now);
    for (const op of list) {
      const active = op.stops!.entityStatus === 'ACTIVE';
      const currency = op.stops!.currency ? { currency: op.stops!.currency } : {};
      if (typeof spent === 'string') {
        op.live = { active, unknown: spent, ...currency };
        continue;
      }
      const micros = spent.get(op.id!) ?? 0n;
      if (!active && micros === 0n) continue;
      op.live = { active, ...(micros > 0n ? { spentMicros: micros.toString() } : {}), ...currency };
    }
  }
}

/** The plan's live stops counted by kind: "2 live campaigns and 1 live line item will stop". */
export function liveSummary(ops: readonly PlanOp[]): string | undefined {
  const count = (k: PlanOp['kind']) => ops.filter((o) => o.live && o.kind === k).length;
  const parts = [
    [count('campaign'), 'campaign'],
    [count('line_item'), 'line item'],
  ]
    .filter(([n]) => n)
    .map(([n, what]) => `${n} live ${what}${n === 1 ? '' : 's'}`);
  return parts.length ? `${parts.join(' and ')} will stop` : undefined;
}
