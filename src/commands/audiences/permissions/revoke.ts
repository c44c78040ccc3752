// `postctl audiences permissions revoke <tailored_audience_id> <permission_id>`: asks first.
import { revokePermission } from '../../../audiences/api.js';
import { EXIT } from '../../../errors/exit-codes.js';
import { yesOption } from '../../_flags.js';
import { accountRef } from '../../ads/_account.js';
import { accountOption, sandboxOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { COLUMNS, explained } from './_permissions.js';

export default defineVerb({
  name: 'revoke <tailored_audience_id> <permission_id>',
  description: 'revoke a permission: the granted account cannot target the audience in new campaigns (running ones keep it)',
  examples: ['postctl audiences permissions revoke 1qz4s 7xk2p --yes'],
  options: {
    yes: yesOption(),
    account: accountOption,
    sandbox: sandboxOption,
  },
  async run([audience, permission], opts, ctx) {
    const account = await accountRef(ctx, opts);
    if (
      !(await ctx.prompt.confirm(
        `Revoke permission ${permission} on tailored audience ${audience}? (running campaigns keep the audience; new ones cannot use it)`,
        opts.yes,
      ))
    ) {
      ctx.log.info('nothing revoked');
      return EXIT.OK;
    }
    const client = await ctx.client();
    const res = await explained(account.id, audience, () => revokePermission(client, account, audience, permission));
    ctx.printer.object(res.body?.data ?? {}, COLUMNS, res.body);
    return EXIT.OK;
  },
});
