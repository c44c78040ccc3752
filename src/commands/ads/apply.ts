// `postctl ads apply FILE`: makes the account match a campaigns file. The
// plan is shown (stderr), the money in it checked against the funding
// instruments, and confirmed (--yes off a terminal; a plan that stops live
// campaigns or line items needs --yes-live off a terminal and the account's
// name typed back on one), then applied in dependency order
// with new entities PAUSED unless the file says otherwise. Interrupted, it
// resumes from its journal (FILE.postctl-apply.json) without creating twice;
// a partial failure lists what was done and what was not (exit 8), and
// running it again finishes the job.
import { getAccount } from '../../ads/accounts.js';
import { ApplyJournal, defaultApplyStatePath } from '../../ads/plan/apply-state.js';
import { applyPlan, type OpResult } from '../../ads/plan/apply.js';
import { liveSummary } from '../../ads/plan/live.js';
import { planText, summaryLine } from '../../ads/plan/render.js';
import type { Context } from '../../entry/context.js';
import { PartialFailure, UsageError } from '../../errors/cli-error.js';
import { neutralize } from '../../output/sanitize.js';
import { reasonOption } from '../_ads-flags.js';
import { yesOption } from '../_flags.js';
import { defineVerb, type OptionTable } from '../define.js';
import { guardPlan, makePlan, planOptions, type Planned } from './_plan.js';

const options = {
  yes: yesOption('apply without asking'),
  yesLive: {
    flags: '--yes-live',
    description: 'stop live campaigns and line items (ACTIVE, or spent in the last 7 days) the plan deletes or pauses',
  },
  state: {
    flags: '--state <file>',
    description: 'the journal that makes an interrupted apply resumable (default FILE.postctl-apply.json)',
  },
  reason: reasonOption,
  ...planOptions,
} as const satisfies OptionTable;

const COLUMNS = [
  { header: 'action', key: 'action' },
  { header: 'kind', key: 'kind' },
  { header: 'entity', key: 'label', flex: true },
  { header: 'status', key: 'status' },
  { header: 'id', key: 'id' },
  { header: 'error', key: 'error' },
];

/** What the journal of an interrupted run says, now that the account was read again. */
function reportResume(ctx: Context, journal: ApplyJournal, planned: Planned): void {
  if (!journal.previous) return;
  ctx.log.info(`resuming the apply interrupted at ${journal.previous.updated_at} (state ${journal.path})`);
  const creating = new Set(planned.plan.operations.filter((o) => o.action === 'create').map((o) => o.key));
  const found = journal.unanswered.filter((k) => !creating.has(k));
  for (const k of found) ctx.log.info(`found again: ${k} (created by the interrupted run, whose answer was lost): not created twice`);
  for (const k of journal.unanswered.filter((x) => creating.has(x)))
    ctx.log.warn(`${k} was sent by the interrupted run but the account does not show it: sending it again`);
  journal.settle(found);
}

/**
 * A plan that stops live campaigns or line items needs more than a y: --yes-live off a terminal (else exit 2,
 * nothing sent), the account's name typed back on one. True when that was given (no y/N needed after it).
 */
async function confirmLive(ctx: Context, planned: Planned, yesLive: boolean | undefined): Promise<boolean> {
  const summary = liveSummary(planned.plan.operations);
  if (!summary || yesLive) return false;
  if (!ctx.prompt.interactive)
    throw new UsageError(
      `${summary}: stopping live campaigns or line items needs --yes-live; nothing was sent`,
      'read the "! live" lines of the plan, then pass --yes-live (with --yes) to apply it.',
    );
  const client = await ctx.client();
  const res = await getAccount(client, planned.account);
  const raw = (res.body?.data as { name?: unknown } | undefined)?.name;
  const name = typeof raw === 'string' && raw.trim() ? raw.trim() : planned.account.id;
  await ctx.prompt.text(
    `${summary}. Type the account's name (${neutralize(name)}) to apply:`,
    { supply: '--yes-live' },
    { validate: (v) => (v.trim() === name ? true : `type the account's name, ${neutralize(name)}, to apply (Ctrl-C stops)`) },
  );
  return true;
}

function report(ctx: Context, results: OpResult[]): void {
  const rows = results.map((r) => ({
    action: r.op.action,
    kind: r.op.kind,
    label: r.op.label,
    status: r.status,
    id: r.id ?? r.op.id ?? null,
    error: r.error ?? null,
    ...(r.op.path ? { path: r.op.path } : {}),
  }));
  ctx.printer.list(rows, COLUMNS, { data: rows });
}

export default defineVerb({
  name: 'apply <file>',
  description:
    'make the account match a campaigns file: shows the plan, asks, then creates (PAUSED unless the file says), updates and deletes',
  examples: [
    'postctl ads apply campaigns.yaml --yes',
    'postctl ads apply campaigns.json --yes',
    'postctl ads apply campaigns.yaml --prune --yes',
  ],
  options,
  async run([file], opts, ctx) {
    const planned = await makePlan(ctx, file!, opts);
    const { plan, account } = planned;
    const journal = await ApplyJournal.open(opts.state ?? defaultApplyStatePath(file!), account.id, file!);
    reportResume(ctx, journal, planned);
    if (!plan.operations.length) {
      ctx.log.success(summaryLine(plan));
      await journal.finish();
      return 0;
    }
    ctx.io.stderr.write(planText(plan));
    const client = await ctx.client();
    // The money guard before anything is sent: refused off a terminal (exit 6) unless --yes-budget, asked on one.
    await guardPlan(ctx, planned, opts.yesBudget, true);
    const typed = await confirmLive(ctx, planned, opts.yesLive);
    if (
      !typed &&
      !(await ctx.prompt.confirm(
        `Apply ${plan.operations.length} change${plan.operations.length === 1 ? '' : 's'} to account ${account.id}?`,
        opts.yes,
      ))
    ) {
      ctx.log.info('nothing applied');
      return 0;
    }
    const results = await applyPlan(client, account, plan, journal, { info: (m) => ctx.log.info(m) });
    report(ctx, results);
    const done = results.filter((r) => r.status === 'done').length;
    if (done === results.length) {
      await journal.finish();
      ctx.log.success(`applied: ${done} change${done === 1 ? '' : 's'}`);
      return 0;
    }
    const failed = results.filter((r) => r.status === 'failed').length;
    throw new PartialFailure(
      `${done} of ${results.length} changes applied; ${failed} failed, ${results.length - done - failed} not done`,
      `fix what failed and run \`postctl ads apply ${file}\` again: it reads the account and does only what is left.`,
    );
  },
});
