// `postctl ads funding-instruments create --sandbox`: a test funding instrument
// in the sandbox (POST accounts/:account_id/funding_instruments, "SANDBOX ONLY"
// in the reference). Without --sandbox it is refused (exit 2) before anything is
// sent: production has no such endpoint, and the request must never go there.
import { createFundingInstrumentRequest } from '../../../ads/sandbox-funding.js';
import { checkFundingCreate, FUNDING_CREATE_PARAMS, FUNDING_TYPES } from '../../../validate/funding.js';
import { paramsFromFlags } from '../../../validate/wire-flags.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb, type OptionTable } from '../../define.js';
import { accountRef } from '../_account.js';
import { requireSandbox, throwIfProblems } from '../_checks.js';
import { sendCreate } from '../_dry-run.js';

const options = {
  type: { flags: '--type <value>', wire: 'type', description: `${FUNDING_TYPES.join(', ')} (required)` },
  currency: { flags: '--currency <code>', wire: 'currency', description: 'ISO-4217 currency, such as USD (required)' },
  startTime: { flags: '--start-time <time>', wire: 'start_time', description: 'when it becomes usable, ISO 8601 with a zone (required)' },
  endTime: {
    flags: '--end-time <time>',
    wire: 'end_time',
    description: 'when it stops being usable, ISO 8601 with a zone; after --start-time',
  },
  creditLimit: {
    flags: '--credit-limit <amount>',
    wire: 'credit_limit_local_micro',
    type: 'money',
    description: 'credit available, in currency units (sent in micros); some types only',
  },
  creditLimitLocalMicro: {
    flags: '--credit-limit-local-micro <value>',
    wire: 'credit_limit_local_micro',
    description: 'the same in micro units',
  },
  fundedAmount: {
    flags: '--funded-amount <amount>',
    wire: 'funded_amount_local_micro',
    type: 'money',
    description: 'budget allocated to it, in currency units (sent in micros); some types only',
  },
  fundedAmountLocalMicro: {
    flags: '--funded-amount-local-micro <value>',
    wire: 'funded_amount_local_micro',
    description: 'the same in micro units',
  },
  dryRun: { flags: '--dry-run', description: 'check and print the request that would be sent; create nothing' },
  ...writeOptions,
} as const satisfies OptionTable;

export default defineVerb({
  name: 'create',
  description: 'create a test funding instrument in the sandbox (sandbox only: needs --sandbox)',
  examples: [
    'postctl ads funding-instruments create --sandbox --type INSERTION_ORDER --currency USD --start-time 2027-01-01T00:00:00Z --funded-amount 1400',
  ],
  options,
  async run(_args, opts, ctx) {
    requireSandbox(opts, 'creating a funding instrument');
    const { params, problems } = paramsFromFlags(options, opts, FUNDING_CREATE_PARAMS);
    if (params.currency !== undefined) params.currency = params.currency.toUpperCase();
    throwIfProblems([...problems, ...checkFundingCreate(params)], 'invalid funding instrument');
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    return sendCreate(
      ctx,
      client,
      createFundingInstrumentRequest(account, params),
      params,
      opts.dryRun,
      (f) => `created sandbox funding instrument ${String(f.id)}`,
    );
  },
});
