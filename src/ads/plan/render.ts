// A plan for people (Terraform's marks: + create, ~ update, - delete; money in
// currency units) and for scripts (the operations as data). Names come from
// the file or the API: shown only with control characters neutralised.
import { neutralize } from '../../output/sanitize.js';
import { fromMicros } from '../../validate/money.js';
import type { Plan, PlanOp } from './diff.js';
import { liveSummary } from './live.js';

const MARK = { create: '+', update: '~', delete: '-' } as const;
const KIND = { campaign: 'campaign', line_item: 'line item', targeting_criterion: 'targeting', promoted_post: 'promoted post' } as const;

const isMoney = (field: string) => field.endsWith('_local_micro');
/** Money fields under the file's decimal names, since their values are shown in currency units. */
const UNIT_NAMES: Record<string, string> = {
  daily_budget_amount_local_micro: 'daily_budget',
  total_budget_amount_local_micro: 'total_budget',
  bid_amount_local_micro: 'bid',
};
const label = (field: string) => UNIT_NAMES[field] ?? field;
/** A value as shown: money in currency units (the micros are what is sent). */
const shown = (field: string, v: string | null): string =>
  v === null ? '(unset)' : isMoney(field) && /^\d+$/.test(v) ? fromMicros(v) : neutralize(v.length > 80 ? `${v.slice(0, 80)}…` : v);

function summary(plan: Plan): { create: number; update: number; delete: number } {
  const count = (a: PlanOp['action']) => plan.operations.filter((o) => o.action === a).length;
  return { create: count('create'), update: count('update'), delete: count('delete') };
}

export function summaryLine(plan: Plan): string {
  const s = summary(plan);
  if (!plan.operations.length) return 'No changes: the account matches the file.';
  const live = liveSummary(plan.operations);
  return `Plan: ${s.create} to create, ${s.update} to update, ${s.delete} to delete.${live ? `\n! ${live}.` : ''}`;
}

/** "! live: ACTIVE; spent 123.45 USD in the last 7 days". */
function liveLine(live: NonNullable<PlanOp['live']>): string {
  const spent = live.unknown
    ? `spend in the last 7 days unknown (${neutralize(live.unknown.slice(0, 120))})`
    : live.spentMicros
      ? `spent ${fromMicros(live.spentMicros)}${live.currency ? ` ${neutralize(live.currency)}` : ''} in the last 7 days`
      : '';
  return `    ! live: ${[live.active ? 'ACTIVE' : '', spent].filter(Boolean).join('; ')}`;
}

/** The plan as text lines, one block per operation. */
export function planText(plan: Plan): string {
  const out: string[] = [];
  for (const op of plan.operations) {
    const id = op.id ? ` (${neutralize(op.id)})` : '';
    out.push(`${MARK[op.action]} ${op.action} ${KIND[op.kind]} ${neutralize(op.label)}${id}`);
    if (op.action === 'update')
      for (const c of op.changes ?? []) out.push(`    ${label(c.field)}: ${shown(c.field, c.from)} → ${shown(c.field, c.to)}`);
    if (op.action === 'create' && (op.kind === 'campaign' || op.kind === 'line_item'))
      for (const [k, v] of Object.entries(op.params ?? {})) if (k !== 'name') out.push(`    ${label(k)}: ${shown(k, v)}`);
    if (op.live) out.push(liveLine(op.live));
  }
  out.push(summaryLine(plan));
  return `${out.join('\n')}\n`;
}

/** The plan as data: every operation, money in micros as sent and in currency units beside. */
export function planJson(plan: Plan): Record<string, unknown> {
  return {
    account: plan.account,
    changes: plan.operations.length > 0,
    summary: { ...summary(plan), live: plan.operations.filter((o) => o.live).length },
    operations: plan.operations.map((op) => ({
      action: op.action,
      kind: op.kind,
      label: op.label,
      ...(op.id ? { id: op.id } : {}),
      ...(op.parentId ? { parent_id: op.parentId } : {}),
      ...(op.params && op.action === 'create' ? { params: op.params } : {}),
      ...(op.changes
        ? {
            changes: op.changes.map((c) => ({
              ...c,
              ...(isMoney(c.field) ? { from_units: c.from === null ? null : fromMicros(c.from), to_units: fromMicros(c.to) } : {}),
            })),
          }
        : {}),
      ...(op.path ? { path: op.path } : {}),
      ...(op.live
        ? {
            live: {
              active: op.live.active,
              spent_local_micro: op.live.unknown ? null : (op.live.spentMicros ?? '0'),
              currency: op.live.currency ?? null,
              ...(op.live.unknown ? { spend_unknown: op.live.unknown } : {}),
            },
          }
        : {}),
    })),
  };
}
