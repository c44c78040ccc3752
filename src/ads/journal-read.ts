// Reading the change journal back: one row per change (its "before" line joined
// with its "after" line), and what `resume --cascade` needs — which line items
// the last `pause --cascade` of a campaign paused, and which were paused
// otherwise and stay paused.
import type { StatusStep } from './status-change.js';

type Rec = Record<string, unknown>;

export interface Change {
  time: string;
  run: string;
  profile?: string;
  account?: string;
  sandbox?: boolean;
  entity: string;
  id?: string;
  op: string;
  old?: Rec;
  new: Rec;
  /** ok, failed, or unknown (no "after" line: the run was cut off while the request was out). */
  outcome: 'ok' | 'failed' | 'unknown';
  result?: Rec;
  error?: string;
  http?: number;
  cascade?: string;
  reason?: string;
  command?: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: unknown): Rec | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Rec) : undefined);

/** The changes the journal records, oldest first. */
export function changesOf(records: readonly Rec[]): Change[] {
  const after = new Map<string, Rec>();
  for (const r of records) if (r.phase === 'after') after.set(`${String(r.run)}/${String(r.n)}`, r);
  const out: Change[] = [];
  for (const r of records) {
    if (r.phase !== 'before' || typeof r.run !== 'string') continue;
    const a = after.get(`${r.run}/${String(r.n)}`);
    const outcome = a?.outcome === 'ok' ? 'ok' : a?.outcome === 'failed' ? 'failed' : 'unknown';
    const c: Change = {
      time: str(r.time) ?? '',
      run: r.run,
      entity: str(r.entity) ?? '?',
      op: str(r.op) ?? '?',
      new: obj(r.new) ?? {},
      outcome,
    };
    const id = str(r.id) ?? str(a?.id);
    if (id) c.id = id;
    for (const k of ['profile', 'account', 'cascade', 'reason', 'command'] as const) if (str(r[k])) c[k] = str(r[k]);
    if (r.sandbox === true) c.sandbox = true;
    if (obj(r.old)) c.old = obj(r.old);
    if (obj(a?.result)) c.result = obj(a?.result);
    if (str(a?.error)) c.error = str(a?.error);
    if (typeof a?.http === 'number') c.http = a.http;
    out.push(c);
  }
  return out;
}

const shown = (v: unknown): string => (v === undefined ? '?' : v === null ? 'null' : typeof v === 'string' ? v : JSON.stringify(v));

/** `field: old → new` for each field sent (`?` where the old value was not read). */
export function fieldsText(c: Change): string {
  return Object.entries(c.new)
    .map(([k, v]) => (c.op === 'create' ? `${k}: ${shown(v)}` : `${k}: ${shown(c.old?.[k])} → ${shown(v)}`))
    .join('; ');
}

export interface Kept {
  step: StatusStep;
  why: string;
}

const isPause = (c: Change) => c.outcome === 'ok' && c.new.entity_status === 'PAUSED';
const setsStatus = (c: Change) => c.outcome === 'ok' && typeof c.new.entity_status === 'string';

/**
 * Of the line items a `resume --cascade` would resume (`steps` with a `parent`), the ones the last
 * `pause --cascade` of their campaign paused (and nothing has paused again since) go; the others stay paused,
 * each with why. Campaigns and line items named on the command line are not children: they all go.
 */
export function cascadeChildren(records: readonly Rec[], steps: readonly StatusStep[]): { go: StatusStep[]; kept: Kept[] } {
  const changes = changesOf(records);
  const go: StatusStep[] = [];
  const kept: Kept[] = [];
  for (const s of steps) {
    if (s.entity !== 'line_item' || !s.parent) {
      go.push(s);
      continue;
    }
    const cascades = changes.filter((c) => c.cascade === s.parent && isPause(c));
    const last = cascades.at(-1);
    if (!last) {
      kept.push({ step: s, why: `no pause --cascade of campaign ${s.parent} in the journal; --all-children resumes it` });
      continue;
    }
    const lastStatus = changes.filter((c) => c.id === s.id && c.entity === 'line_item' && setsStatus(c)).at(-1);
    const inCascade = cascades.some((c) => c.run === last.run && c.id === s.id);
    if (inCascade && lastStatus?.run === last.run) go.push(s);
    else if (lastStatus && lastStatus.time > last.time) kept.push({ step: s, why: `paused at ${lastStatus.time}, after the cascade` });
    else kept.push({ step: s, why: `paused before the cascade at ${cascades.find((c) => c.run === last.run)!.time}` });
  }
  return { go, kept };
}
