// `postctl ads accounts delete <account_id> --sandbox`: deletes a sandbox ad account.
import { deleteSandboxAccount } from '../../../ads/accounts.js';
import { reasonOption, sandboxOption } from '../../_ads-flags.js';
import { yesOption } from '../../_flags.js';
import { defineVerb } from '../../define.js';
import { requireSandbox } from '../_checks.js';
import { objectFields } from '../_show.js';

export default defineVerb({
  name: 'delete <account_id>',
  description: 'delete a sandbox ad account (sandbox only: needs --sandbox; asks on a terminal, needs --yes otherwise)',
  examples: ['postctl ads accounts delete gq1x7a --sandbox --yes'],
  options: {
    yes: yesOption(),
    sandbox: sandboxOption,
    reason: reasonOption,
  },
  async run([id], opts, ctx) {
    requireSandbox(opts, 'deleting an ad account');
    if (!(await ctx.prompt.confirm(`Delete sandbox account ${id}?`, opts.yes))) {
      ctx.log.info('nothing deleted');
      return 0;
    }
    const client = await ctx.client();
    const res = await deleteSandboxAccount(client, { id, api: 'ads-sandbox' });
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`deleted sandbox account ${id}`);
    return 0;
  },
});
