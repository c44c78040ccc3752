// The difference between the file's tree and the account's: a list of
// operations in the order they are shown. Deletes of campaigns and line items
// come first; then creates and updates, parents before children, a targeting
// criterion or promoted post deleted beside its kind's creates so a changed
// value reads as one delete and one create (apply still deletes first: one
// AGE per line item must be gone before its successor is added). Only the
// fields the file sets are compared: a field left out is left as it is; a
// line item's `targeting` or `promoted_posts` list, when given, is whole.
import { checkCampaign } from '../../validate/campaign.js';
import { isCurrency } from '../../validate/currency.js';
import { checkAgainstLineItem, checkLineItemParams, type LineItemFacts } from '../../validate/line-item.js';
import { checkLineItemCreate, LINE_ITEM_CREATE_PARAMS } from '../../validate/line-item-create.js';
import { respell, type NameStyle } from '../../wire/names.js';
import type { Campaign } from '../campaigns.js';
import type { CurrentCampaign, CurrentLineItem } from './current.js';
import { CREATE_ONLY, type DesiredCampaign, type DesiredLineItem, type DesiredTree, type PathProblem } from './desired.js';

export type Kind = 'campaign' | 'line_item' | 'targeting_criterion' | 'promoted_post';
type Action = 'create' | 'update' | 'delete';

interface Change {
  field: string;
  from: string | null;
  to: string;
}

export interface PlanOp {
  action: Action;
  kind: Kind;
  /** Who it is, for people: `"Spring" / "Timeline" / LOCATION 96683cc9126741d1`. */
  label: string;
  /** Identity within the account, stable between runs (the apply state's key). */
  key: string;
  /** The entity's id (update, delete). */
  id?: string;
  /** The parent's identity key (creates under a campaign or line item). */
  parentKey?: string;
  /** The parent's id when it exists already (else the create of `parentKey` gives it). */
  parentId?: string;
  /** A create's parameters (without the parent), an update's changed ones. */
  params?: Record<string, string>;
  changes?: Change[];
  /** Where it is in the file. */
  path?: string;
  /** The funding instrument that pays for it (campaigns and line items; for the budget guard). */
  fundingInstrumentId?: string;
  /** Money parameters the file gave as decimal amounts: parameter → the file's key (daily_budget). */
  units?: Record<string, string | undefined>;
  /** A delete or pause of a campaign or line item: what the account says of it now (for the live check). */
  stops?: { entityStatus: string | null; currency: string | null };
  /** Set by the live check: the entity is ACTIVE, or spent money in the last 7 days (`unknown`: why that could not be read). */
  live?: { active: boolean; spentMicros?: string; currency?: string; unknown?: string };
}

/** A campaign's total budget as the file will leave it, and the funding instrument that pays for it. */
interface PlannedTotal {
  fundingInstrumentId: string;
  micros: string;
  /** The file path of the key that sets it (total_budget or the API's name). */
  path: string;
  /** This plan creates the campaign or changes its total budget. */
  changed: boolean;
}

export interface Plan {
  account: string;
  operations: PlanOp[];
  /** Rules broken that only the comparison shows (exit 6). */
  problems: PathProblem[];
  /** The file's campaigns' total budgets (the money guard sums them per funding instrument). */
  totals: PlannedTotal[];
}

const ORDER: Kind[] = ['campaign', 'line_item', 'targeting_criterion', 'promoted_post'];
const TIME_FIELDS = new Set(['start_time', 'end_time']);

/** A field of a fetched entity as parameter text (null when unset), spelled as the file's side is. */
function currentText(field: string, v: unknown, style: NameStyle): string | null {
  if (v === undefined || v === null || v === '') return null;
  if (Array.isArray(v)) {
    const list = v.map((x) => (field === 'placements' ? respell('enum.placement.', String(x), style) : String(x))).sort();
    return list.length ? list.join(',') : null;
  }
  if (field === 'product_type') return respell('enum.product_type.', String(v), style);
  return String(v);
}

function same(field: string, a: string | null, b: string): boolean {
  if (a === b) return true;
  if (a !== null && TIME_FIELDS.has(field)) {
    const x = Date.parse(a);
    return !Number.isNaN(x) && x === Date.parse(b);
  }
  return false;
}

/** The fields of `want` that differ from `have`; create-only fields that differ are problems. */
function compare(
  kind: 'campaign' | 'line_item',
  want: DesiredCampaign | DesiredLineItem,
  have: Record<string, unknown>,
  style: NameStyle,
  problems: PathProblem[],
): Change[] {
  const changes: Change[] = [];
  const fields = { ...want.params, ...(want.id ? { name: want.name } : {}) };
  for (const [field, to] of Object.entries(fields)) {
    const from = currentText(field, have[field], style);
    if (same(field, from, to)) continue;
    if (CREATE_ONLY[kind].includes(field)) {
      problems.push({
        path: `${want.path}.${field}`,
        message: `${field} cannot change on an existing ${kind.replace('_', ' ')} (${from ?? 'unset'} → ${to}): give it another name to create a new one (and --prune to delete the old one)`,
      });
      continue;
    }
    changes.push({ field, from, to });
  }
  return changes;
}

const q = (s: string) => JSON.stringify(s);
const placed = (
  path: string,
  found: Array<{ field?: string; message: string }>,
  typed: Record<string, string | undefined>,
  problems: PathProblem[],
) => {
  for (const p of found) problems.push({ path: p.field ? `${path}.${typed[p.field] ?? p.field}` : path, message: p.message });
};

/** Status of a new entity: PAUSED unless the file says otherwise (the API's default, ACTIVE, would spend at once). */
const withStatus = (params: Record<string, string>): Record<string, string> => ({
  ...params,
  entity_status: params.entity_status ?? 'PAUSED',
});

const TOTAL = 'total_budget_amount_local_micro';
const text = (v: unknown): string | null => (v === undefined || v === null || v === '' ? null : String(v));
/** What a delete or pause stops: the entity's status and currency as the account reports them. */
const stopsOf = (e: { entity_status?: unknown; currency?: unknown }) => ({
  entityStatus: text(e.entity_status),
  currency: isCurrency(e.currency) ? e.currency : null,
});
/** An update that moves an entity out of ACTIVE stops it as a delete would. */
const pauses = (changes: readonly Change[]) => changes.some((c) => c.field === 'entity_status' && c.to !== 'ACTIVE' && c.from !== c.to);

class Planner {
  readonly ops: PlanOp[] = [];
  readonly problems: PathProblem[] = [];
  readonly totals: PlannedTotal[] = [];
  constructor(private style: NameStyle) {}

  private total(want: DesiredCampaign, have: Campaign | undefined, changed: boolean): void {
    const fi = want.params.funding_instrument_id ?? have?.funding_instrument_id;
    const micros = want.params[TOTAL] ?? text((have as Record<string, unknown> | undefined)?.[TOTAL]);
    if (fi && micros && /^\d+$/.test(micros))
      this.totals.push({ fundingInstrumentId: fi, micros, path: `${want.path}.${want.typed[TOTAL] ?? TOTAL}`, changed });
  }

  campaign(want: DesiredCampaign, have: CurrentCampaign | undefined): void {
    const key = `campaign:${want.name}`;
    const label = q(want.name);
    if (!have) {
      const params = withStatus({ name: want.name, ...want.params });
      const found = checkCampaign(params, want.typed, 'create').filter((p) => /is required/.test(p.message));
      placed(want.path, found, want.typed, this.problems);
      this.ops.push({
        action: 'create',
        kind: 'campaign',
        label,
        key,
        params,
        path: want.path,
        fundingInstrumentId: params.funding_instrument_id,
        units: want.typed,
      });
      this.total(want, undefined, true);
      for (const li of want.lineItems) this.lineItem(li, undefined, key, undefined, want.name, want.params.funding_instrument_id);
      return;
    }
    const c = have.entity;
    const changes = compare('campaign', want, c, this.style, this.problems);
    this.total(
      want,
      c,
      changes.some((x) => x.field === TOTAL),
    );
    if (changes.length) {
      const params = Object.fromEntries(changes.map((x) => [x.field, x.to]));
      placed(want.path, checkCampaign(params, want.typed, 'update'), want.typed, this.problems);
      this.ops.push({
        action: 'update',
        kind: 'campaign',
        label,
        key,
        id: c.id,
        params,
        changes,
        path: want.path,
        fundingInstrumentId: c.funding_instrument_id,
        units: want.typed,
        ...(pauses(changes) ? { stops: stopsOf(c) } : {}),
      });
    }
    for (const li of want.lineItems) {
      const match = this.match(li, have.lineItems, (x) => x.entity);
      this.lineItem(li, match, key, c.id, want.name, c.funding_instrument_id);
    }
  }

  /** The fetched entity a desired one is: by its pinned id, else by name (two of one name is ambiguous). */
  match<T>(
    want: { id?: string; name: string; path: string },
    list: readonly T[],
    entity: (x: T) => { id: string; name?: string | null },
  ): T | undefined {
    if (want.id) {
      const hit = list.find((x) => entity(x).id === want.id);
      if (!hit)
        this.problems.push({ path: `${want.path}.id`, message: `${want.id} is not a live entity here; remove id to create it by name` });
      return hit;
    }
    const hits = list.filter((x) => entity(x).name === want.name);
    if (hits.length > 1)
      this.problems.push({
        path: `${want.path}.name`,
        message: `${hits.length} live entities are named ${q(want.name)} (${hits.map((h) => entity(h).id).join(', ')}): pin one with id`,
      });
    return hits[0];
  }

  lineItem(
    want: DesiredLineItem,
    have: CurrentLineItem | undefined,
    parentKey: string,
    parentId: string | undefined,
    campaignName: string,
    funding: string | undefined,
  ): void {
    const money = { ...(funding ? { fundingInstrumentId: funding } : {}), units: want.typed };
    const key = `${parentKey}/line_item:${want.name}`;
    const label = `${q(campaignName)} / ${q(want.name)}`;
    let liId: string | undefined;
    if (!have) {
      const params = withStatus({ name: want.name, ...want.params });
      // The campaign's id may not exist yet: a stand-in, since its rules are the API's to check.
      placed(want.path, checkLineItemCreate({ campaign_id: parentId ?? 'c', ...params }, want.typed).problems, want.typed, this.problems);
      this.ops.push({
        action: 'create',
        kind: 'line_item',
        label,
        key,
        parentKey,
        ...(parentId ? { parentId } : {}),
        params,
        path: want.path,
        ...money,
      });
    } else {
      const li = have.entity;
      liId = li.id;
      const changes = compare('line_item', want, li, this.style, this.problems);
      if (changes.length) {
        const params = Object.fromEntries(changes.map((x) => [x.field, x.to]));
        const own = checkLineItemParams(params, want.typed, LINE_ITEM_CREATE_PARAMS).problems;
        const against = checkAgainstLineItem(params, li as LineItemFacts, want.typed).problems;
        placed(want.path, [...own, ...against], want.typed, this.problems);
        this.ops.push({
          action: 'update',
          kind: 'line_item',
          label,
          key,
          id: li.id,
          params,
          changes,
          path: want.path,
          ...money,
          ...(pauses(changes) ? { stops: stopsOf(li) } : {}),
        });
      }
    }
    this.children(want, have, key, label, liId);
  }

  /**
   * The line item's targeting criteria and promoted posts (the line item may be new: then `liId` is unknown).
   * A list the file gives is the whole list: what the account has beyond it is deleted.
   */
  children(want: DesiredLineItem, have: CurrentLineItem | undefined, key: string, label: string, liId: string | undefined): void {
    const parent = { parentKey: key, ...(liId ? { parentId: liId } : {}) };
    const criteria: Array<{ type: string; op: PlanOp }> = [];
    const criterionDelete = (t: CurrentLineItem['targeting'][number]): PlanOp => ({
      action: 'delete',
      kind: 'targeting_criterion',
      label: `${label} / ${t.targeting_type} ${t.targeting_value} ${t.operator_type ?? 'EQ'}`,
      key: `${key}/targeting:${t.targeting_type}:${t.targeting_value}`,
      id: t.id,
    });
    if (want.ownsTargeting)
      for (const t of have?.targeting ?? [])
        if (!want.targeting.some((x) => x.targeting_type === t.targeting_type && x.targeting_value === String(t.targeting_value)))
          criteria.push({ type: String(t.targeting_type), op: criterionDelete(t) });
    for (const t of want.targeting) {
      const existing = have?.targeting.find(
        (x) => x.targeting_type === t.targeting_type && String(x.targeting_value) === t.targeting_value,
      );
      if (existing && (existing.operator_type ?? 'EQ') === t.operator_type) continue;
      // Criteria have no update: another operator is the old one deleted and a new one added.
      if (existing) criteria.push({ type: t.targeting_type, op: criterionDelete(existing) });
      const params = { targeting_type: t.targeting_type, targeting_value: t.targeting_value, operator_type: t.operator_type };
      criteria.push({
        type: t.targeting_type,
        op: {
          action: 'create',
          kind: 'targeting_criterion',
          label: `${label} / ${t.targeting_type} ${t.targeting_value} ${t.operator_type}`,
          key: `${key}/targeting:${t.targeting_type}:${t.targeting_value}`,
          ...parent,
          params,
          path: t.path,
        },
      });
    }
    // A changed value reads as one delete and one create side by side: criteria grouped by type, deletes first.
    const byType = [...new Set(criteria.map((c) => c.type))];
    for (const type of byType)
      for (const action of ['delete', 'create'] as const)
        this.ops.push(...criteria.filter((c) => c.type === type && c.op.action === action).map((c) => c.op));
    if (want.ownsPosts)
      for (const p of have?.posts ?? [])
        if (!want.posts.some((x) => x.post_id === p.post_id))
          this.ops.push({
            action: 'delete',
            kind: 'promoted_post',
            label: `${label} / post ${p.post_id}`,
            key: `${key}/post:${p.post_id}`,
            id: p.id,
          });
    for (const p of want.posts) {
      if (have?.posts.some((x) => x.post_id === p.post_id)) continue;
      this.ops.push({
        action: 'create',
        kind: 'promoted_post',
        label: `${label} / post ${p.post_id}`,
        key: `${key}/post:${p.post_id}`,
        ...parent,
        params: { post_id: p.post_id },
        path: p.path,
      });
    }
  }

  /**
   * With --prune: the line items (with their children) of the file's campaigns that the file does not list;
   * with `account` also the campaigns of the account the file does not name.
   */
  prune(have: readonly CurrentCampaign[], matched: Map<string, DesiredCampaign>, account: boolean): void {
    for (const c of have) {
      const wc = matched.get(c.entity.id);
      const cLabel = q(c.entity.name ?? c.entity.id);
      if (!wc) {
        if (account)
          this.ops.push({
            action: 'delete',
            kind: 'campaign',
            label: cLabel,
            key: `campaign:${c.entity.name}`,
            id: c.entity.id,
            stops: stopsOf(c.entity),
          });
        continue;
      }
      for (const li of c.lineItems) {
        if (wc.lineItems.some((x) => (x.id ? x.id === li.entity.id : x.name === li.entity.name))) continue;
        this.ops.push({
          action: 'delete',
          kind: 'line_item',
          label: `${cLabel} / ${q(li.entity.name ?? li.entity.id)}`,
          key: `campaign:${wc.name}/line_item:${li.entity.name}`,
          id: li.entity.id,
          stops: stopsOf(li.entity),
        });
      }
    }
  }
}

/** The plan: `have` holds the campaigns read (those the file names, or every one with `prune`). */
export function diffTrees(
  account: string,
  want: DesiredTree,
  have: readonly CurrentCampaign[],
  opts: { prune: boolean; pruneAccount?: boolean; style: NameStyle },
): Plan {
  const planner = new Planner(opts.style);
  const matched = new Map<string, DesiredCampaign>();
  for (const wc of want.campaigns) {
    const hit = planner.match(wc, have, (x) => x.entity as Campaign & { id: string });
    if (hit) matched.set(hit.entity.id, wc);
    planner.campaign(wc, hit);
  }
  if (opts.prune) planner.prune(have, matched, Boolean(opts.pruneAccount));
  // Deletes of campaigns and line items first, children first; a criterion or post deleted sits beside its kind's creates.
  const rank = (op: PlanOp) =>
    op.action === 'delete' && (op.kind === 'campaign' || op.kind === 'line_item') ? -10 - ORDER.indexOf(op.kind) : ORDER.indexOf(op.kind);
  const operations = planner.ops
    .map((op, i) => ({ op, i }))
    .sort((a, b) => rank(a.op) - rank(b.op) || a.i - b.i)
    .map((x) => x.op);
  return { account, operations, problems: planner.problems, totals: planner.totals };
}

/** Which fetched campaigns a plan needs: those the file names (by id or name), or all when pruning the account. */
export function campaignsToRead(want: DesiredTree, all: readonly Campaign[], pruneAccount: boolean): Campaign[] {
  if (pruneAccount) return [...all];
  return all.filter((c) => want.campaigns.some((w) => (w.id ? w.id === c.id : w.name === c.name)));
}
