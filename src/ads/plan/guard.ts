// The money check apply runs before anything is sent: a plug (MoneyGuard) so
// the project's shared budget guard can stand in for this minimal one. The
// minimal one refuses a campaign or line item budget above the credit limit of
// the funding instrument that pays for it (fetched once per instrument), and a
// decimal amount of a million currency units or more — almost always micros
// typed into a decimal field.
import { CliError } from '../../errors.js';
import type { ApiClient } from '../../http/client.js';
import { fromMicros } from '../../validate/money.js';
import { getFundingInstrument, type FundingInstrument } from '../campaigns.js';
import type { AccountRef } from '../types.js';
import type { PathProblem } from './desired.js';
import type { PlanOp } from './diff.js';

export interface MoneyGuard {
  /** What is wrong with the money the operations would commit (empty: let them through). */
  check(ops: readonly PlanOp[]): Promise<PathProblem[]>;
}

const BUDGETS = ['daily_budget_amount_local_micro', 'total_budget_amount_local_micro'];
/** A decimal amount at or above this many currency units is taken for micros typed into a decimal field. */
const IMPLAUSIBLE_UNITS = 1_000_000n;

export function creditLimitGuard(client: ApiClient, account: AccountRef): MoneyGuard {
  const cache = new Map<string, Promise<FundingInstrument | undefined>>();
  const instrument = (id: string) => {
    let p = cache.get(id);
    if (!p) {
      p = getFundingInstrument(client, account, id).then(
        (r) => r.body?.data,
        (e: unknown) => {
          // An unknown instrument is the create's own error to report; anything else stops the run.
          if (e instanceof CliError && e.exitCode === 4) return undefined;
          throw e;
        },
      );
      cache.set(id, p);
    }
    return p;
  };
  return {
    async check(ops) {
      const problems: PathProblem[] = [];
      for (const op of ops) {
        if (op.action === 'delete' || !op.params) continue;
        const at = (field: string) => `${op.path ?? op.label}.${op.units?.[field] ?? field}`;
        for (const [field, value] of Object.entries(op.params)) {
          if (!field.endsWith('_local_micro') || !/^\d+$/.test(value)) continue;
          if (op.units?.[field] && BigInt(value) >= IMPLAUSIBLE_UNITS * 1_000_000n)
            problems.push({
              path: at(field),
              message: `${fromMicros(value)} currency units looks like micros typed into ${op.units[field]}: write ${field}: ${value}, or ${op.units[field]}: ${fromMicros(BigInt(value) / 1_000_000n)}`,
            });
        }
        if (!op.fundingInstrumentId) continue;
        const fi = await instrument(op.fundingInstrumentId);
        const limit = fi?.credit_limit_local_micro;
        if (limit === undefined || limit === null) continue;
        for (const field of BUDGETS) {
          const v = op.params[field];
          if (v !== undefined && /^\d+$/.test(v) && BigInt(v) > BigInt(limit))
            problems.push({
              path: at(field),
              message:
                `${fromMicros(v)} is above the credit limit of funding instrument ${op.fundingInstrumentId} (${fromMicros(limit)} ${fi?.currency ?? ''})`.trimEnd(),
            });
        }
      }
      return problems;
    },
  };
}
