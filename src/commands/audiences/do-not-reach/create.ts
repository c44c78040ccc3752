// `postctl audiences do-not-reach create`: the account's do-not-reach list (an account has at most one).
import { createDoNotReachList } from '../../../audiences/manage.js';
import { accountRef } from '../../ads/_account.js';
import { throwIfProblems } from '../../ads/_checks.js';
import { accountOption, sandboxOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { audienceProblems } from '../_audience.js';

const FIELDS = ['id', 'name', 'description', 'created_at', 'deleted'].map((k) => ({ header: k, key: k }));

export default defineVerb({
  name: 'create',
  description: 'create the do-not-reach list of the account (at most one per account; fill it with `do-not-reach upload`)',
  examples: ['postctl audiences do-not-reach create --description "opted out"'],
  options: {
    description: { flags: '--description <text>', description: 'description of the list' },
    account: accountOption,
    sandbox: sandboxOption,
  },
  async run(_args, opts, ctx) {
    throwIfProblems(audienceProblems(opts, false), 'invalid do-not-reach list');
    const res = await createDoNotReachList(await ctx.client(), await accountRef(ctx, opts), opts.description);
    ctx.printer.object(res.body.data, FIELDS, res.body);
    ctx.log.success(`created do-not-reach list ${String(res.body.data.id)}`);
    return 0;
  },
});
