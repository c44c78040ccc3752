// `postctl ads accounts create --sandbox`: a sandbox ad account.
import { createSandboxAccount } from '../../../ads/accounts.js';
import { reasonOption, sandboxOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { requireSandbox } from '../_checks.js';
import { objectFields } from '../_show.js';

export default defineVerb({
  name: 'create',
  description: 'create a sandbox ad account (sandbox only: needs --sandbox)',
  examples: ['postctl ads accounts create --sandbox'],
  options: {
    sandbox: sandboxOption,
    reason: reasonOption,
  },
  async run(_args, opts, ctx) {
    requireSandbox(opts, 'creating an ad account');
    const client = await ctx.client();
    const res = await createSandboxAccount(client);
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`created sandbox account ${res.body.data.id}`);
    return 0;
  },
});
