// `postctl ads plan FILE`: the difference between a campaigns file and the
// account — what `ads apply` would create, update and delete — without
// changing anything. Exit 0 with or without changes; with --detailed-exitcode
// 2 when there are changes (Terraform's convention), so scripts can tell.
// Budgets the money guard questions are exit 6, as apply would refuse them.
import { planJson, planText } from '../../ads/plan/render.js';
import { defineVerb, type OptionTable } from '../define.js';
import { guardPlan, makePlan, planOptions } from './_plan.js';

const options = {
  detailedExitcode: { flags: '--detailed-exitcode', description: 'exit 2 when there are changes (0: none; errors keep their codes)' },
  ...planOptions,
} as const satisfies OptionTable;

export default defineVerb({
  name: 'plan <file>',
  description: 'show what `ads apply` would change to make the account match a campaigns file (JSON or YAML); changes nothing',
  examples: ['postctl ads plan campaigns.yaml', 'postctl ads plan campaigns.json -o json', 'postctl ads plan campaigns.yaml --prune'],
  options,
  async run([file], opts, ctx) {
    const planned = await makePlan(ctx, file!, opts);
    // The money guard's concerns are the plan's problems: exit 6, all of them, unless --yes-budget.
    await guardPlan(ctx, planned, opts.yesBudget, false);
    const { plan } = planned;
    if (ctx.format === 'table') ctx.printer.write(planText(plan));
    else ctx.printer.value(planJson(plan));
    return opts.detailedExitcode && plan.operations.length ? 2 : 0;
  },
});
