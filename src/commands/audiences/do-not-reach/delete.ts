// `postctl audiences do-not-reach delete <list_id>`: asks first.
import { deleteDoNotReachList } from '../../../audiences/api.js';
import { EXIT } from '../../../errors/exit-codes.js';
import { yesOption } from '../../_flags.js';
import { accountRef } from '../../ads/_account.js';
import { accountOption, sandboxOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';

const FIELDS = ['id', 'name', 'description', 'targetable', 'list_size', 'updated_at', 'deleted'].map((k) => ({ header: k, key: k }));

export default defineVerb({
  name: 'delete <list_id>',
  description: 'delete a do-not-reach list (asks on a terminal, needs --yes otherwise)',
  examples: ['postctl audiences do-not-reach delete 3dnr8 --yes'],
  options: {
    yes: yesOption(),
    account: accountOption,
    sandbox: sandboxOption,
  },
  async run([listId], opts, ctx) {
    const account = await accountRef(ctx, opts);
    if (!(await ctx.prompt.confirm(`Delete do-not-reach list ${listId} of account ${account.id}?`, opts.yes))) {
      ctx.log.info('nothing deleted');
      return EXIT.OK;
    }
    const client = await ctx.client();
    const res = await deleteDoNotReachList(client, account, listId);
    ctx.printer.object(res.body?.data ?? {}, FIELDS, res.body);
    ctx.log.success(`deleted do-not-reach list ${listId}`);
    return EXIT.OK;
  },
});
