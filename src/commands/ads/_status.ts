// `ads campaigns pause|resume` and `ads line-items pause|resume`: the plan is
// read first (src/ads/status-change.ts), shown with --dry-run, confirmed (on a
// terminal, or --yes), then each change is one PUT and one output row as it
// happens. Entities already in the target status are skipped, so running the
// same command again after an interruption or a failure finishes the job.
import { cascadeChildren, type Kept } from '../../ads/journal-read.js';
import { applyStatusStep, planStatusChange, type StatusEntity, type StatusStep, type StatusTarget } from '../../ads/status-change.js';
import { readJournal } from '../../config/journal.js';
import type { AccountRef } from '../../ads/types.js';
import type { Context } from '../../entry/context.js';
import type { ApiClient } from '../../http/client.js';
import { ApiError } from '../../errors/api-error.js';
import { CliError, Interrupted, PartialFailure } from '../../errors/cli-error.js';
import type { Column } from '../../output/printer.js';
import { writeOptions } from '../_ads-flags.js';
import { yesOption } from '../_flags.js';
import type { OptionTable } from '../define.js';
import { accountRef } from './_account.js';

export const statusOptions = {
  dryRun: { flags: '--dry-run', description: 'read the statuses and print what would change; change nothing' },
  yes: yesOption('change without asking'),
  ...writeOptions,
} as const satisfies OptionTable;

export const cascadeOption = {
  flags: '--cascade',
  description: "also the campaigns' line items (promoted posts have no status of their own in API version 12)",
} as const;

export const allChildrenOption = {
  flags: '--all-children',
  description: 'with --cascade: resume every line item, also those the last pause --cascade did not pause',
} as const;

const COLUMNS: Column[] = [
  { header: 'entity', key: 'entity' },
  { header: 'id', key: 'id' },
  { header: 'campaign', key: 'parent' },
  { header: 'name', key: 'name', flex: true },
  { header: 'from', key: 'from' },
  { header: 'to', key: 'to' },
];

const label = (e: StatusEntity, n: number) => `${n} ${e === 'campaign' ? 'campaign' : 'line item'}${n === 1 ? '' : 's'}`;
function count(steps: readonly StatusStep[]): string {
  const c = steps.filter((s) => s.entity === 'campaign').length;
  const l = steps.length - c;
  return [c ? label('campaign', c) : '', l ? label('line_item', l) : ''].filter(Boolean).join(' and ');
}

export async function runStatusChange(
  ctx: Context,
  req: { entity: StatusEntity; ids: readonly string[]; to: StatusTarget; cascade?: boolean },
  opts: { dryRun?: boolean; yes?: boolean; account?: string; sandbox?: boolean; allChildren?: boolean },
): Promise<number> {
  const account = await accountRef(ctx, opts);
  const client = await ctx.client();
  const verb = req.to === 'PAUSED' ? 'pause' : 'resume';
  const planned = await planStatusChange(client, account, req);
  const { steps, already, kept } = remembered(ctx, req, planned, opts.allChildren);
  // In JSON, the line items left paused and why, beside the rows.
  const head = kept?.length ? { left_paused: kept.map((k) => ({ id: k.step.id, name: k.step.name ?? null, why: k.why })) } : {};
  if (already.length) ctx.log.info(`already ${req.to}: ${already.map((s) => s.id).join(', ')}`);
  if (!steps.length) {
    ctx.printer.list([], COLUMNS, { ...head, data: [] });
    ctx.log.info(`nothing to ${verb}`);
    return 0;
  }
  if (opts.dryRun) {
    ctx.printer.list(steps, COLUMNS, { dry_run: true, ...head, data: steps });
    ctx.log.info(`dry run: would ${verb} ${count(steps)}; nothing was changed`);
    return 0;
  }
  const spend = req.to === 'ACTIVE' ? ' (they start spending)' : '';
  if (!(await ctx.prompt.confirm(`${verb[0]!.toUpperCase()}${verb.slice(1)} ${count(steps)}${spend}?`, opts.yes))) {
    ctx.log.info('nothing changed');
    return 0;
  }
  await applyAll(ctx, client, account, steps, { verb, to: req.to, head });
  ctx.log.success(`${verb === 'pause' ? 'paused' : 'resumed'} ${count(steps)}`);
  return 0;
}

/**
 * A resume --cascade resumes the line items the last pause --cascade of their campaign paused (the change
 * journal says which); the others were paused on purpose and stay so, each named with why.
 */
function remembered(
  ctx: Context,
  req: { to: StatusTarget; cascade?: boolean },
  planned: { steps: StatusStep[]; already: StatusStep[] },
  all: boolean | undefined,
): { steps: StatusStep[]; already: StatusStep[]; kept?: Kept[] } {
  if (req.to !== 'ACTIVE' || !req.cascade || all) return planned;
  const { go, kept } = cascadeChildren(readJournal(ctx.env), planned.steps);
  for (const k of kept) ctx.log.info(`left paused: line item ${k.step.id}${k.step.name ? ` (${k.step.name})` : ''}: ${k.why}`);
  return { steps: go, already: planned.already, kept };
}

type Row = Omit<StatusStep, 'to'> & { to: string; error?: string };

/**
 * One PUT and one row per step, as it happens (a table is printed once, at the end: one header); a refusal
 * about one entity is its row's error, and its reason in full in the exit-8 message.
 */
async function applyAll(
  ctx: Context,
  client: ApiClient,
  account: AccountRef,
  steps: readonly StatusStep[],
  { verb, to, head }: { verb: string; to: StatusTarget; head: Record<string, unknown> },
): Promise<void> {
  const out = ctx.printer.stream<Row>([...COLUMNS, { header: 'error', key: 'error' }], head);
  const table: Row[] = [];
  const add = (row: Row) => (ctx.format === 'table' ? table.push(row) : out.add([row]));
  const end = () => {
    if (table.length) out.add(table);
    out.end();
  };
  const failed: string[] = [];
  let changed = 0;
  try {
    for (const s of steps) {
      if (ctx.signal.aborted) throw new Interrupted();
      try {
        add({ ...s, to: await applyStatusStep(client, account, s) });
        changed++;
      } catch (e) {
        // One entity the API refuses (a 400 about that line item) does not stop the others: stopping a pause
        // half-way would leave the rest spending. Credentials and transport errors would repeat: they stop.
        if (!(e instanceof ApiError) || [401, 403, 429].includes(e.status) || e.status >= 500) throw e;
        failed.push(`${s.id} (${e.message})`);
        add({ ...s, to: s.from, error: e.message });
      }
    }
  } catch (e) {
    end();
    if (e instanceof CliError)
      ctx.log.hint(
        `${changed} of ${steps.length} changed; run the same command again to ${verb} the rest (those already ${to} are skipped).`,
      );
    throw e;
  }
  end();
  if (failed.length)
    throw new PartialFailure(
      `${changed} of ${steps.length} changed; not changed: ${failed.join('; ')}`,
      `fix what the errors say, then run the same command again (those already ${to} are skipped).`,
    );
}
