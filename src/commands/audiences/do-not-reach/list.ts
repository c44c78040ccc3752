// `postctl audiences do-not-reach list`: the account's do-not-reach list(s).
import { listDoNotReachLists } from '../../../audiences/manage.js';
import { accountRef } from '../../ads/_account.js';
import { accountOption, sandboxOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';

export default defineVerb({
  name: 'list',
  description: 'show the do-not-reach list of the account',
  examples: ['postctl audiences do-not-reach list', 'postctl audiences do-not-reach list --with-deleted -o json'],
  options: {
    withDeleted: { flags: '--with-deleted', description: 'include deleted lists' },
    account: accountOption,
    sandbox: sandboxOption,
  },
  async run(_args, opts, ctx) {
    const res = await listDoNotReachLists(await ctx.client(), await accountRef(ctx, opts), Boolean(opts.withDeleted));
    const rows = Array.isArray(res.body.data) ? res.body.data : [];
    ctx.printer.list(
      rows,
      ['id', 'name', 'description', 'created_at', 'deleted'].map((k) => ({ header: k, key: k })),
      res.body,
    );
    return 0;
  },
});
