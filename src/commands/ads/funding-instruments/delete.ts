// `postctl ads funding-instruments delete <id> --sandbox`: DELETE
// accounts/:account_id/funding_instruments/:id, sandbox only (the reference);
// without --sandbox refused (exit 2) before anything is sent.
import { sandboxFunding } from '../../../ads/sandbox-funding.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { requireSandbox } from '../_checks.js';
import { confirmDelete, yesDelete } from '../_creatives.js';
import { objectFields } from '../_show.js';

export default defineVerb({
  name: 'delete <funding_instrument_id>',
  description: 'delete a sandbox funding instrument (sandbox only: needs --sandbox; asks on a terminal, needs --yes otherwise)',
  examples: ['postctl ads funding-instruments delete lygyk --sandbox --yes'],
  options: { yes: yesDelete, ...writeOptions },
  async run([id], opts, ctx) {
    requireSandbox(opts, 'deleting a funding instrument');
    const account = await accountRef(ctx, opts);
    if (!(await confirmDelete(ctx, `sandbox funding instrument ${id}`, opts.yes))) return 0;
    const client = await ctx.client();
    const res = await sandboxFunding.delete(client, account, id!);
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`deleted sandbox funding instrument ${id}`);
    return 0;
  },
});
