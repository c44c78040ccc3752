// `postctl audiences delete <custom_audience_id>`: irreversible; asks first.
import { deleteAudience } from '../../audiences/manage.js';
import { accountRef } from '../ads/_account.js';
import { confirmDelete, yesDelete } from '../ads/_creatives.js';
import { accountOption, sandboxOption } from '../_ads-flags.js';
import { defineVerb } from '../define.js';
import { AUDIENCE_FIELDS } from './_audience.js';

export default defineVerb({
  name: 'delete <custom_audience_id>',
  description: 'delete a custom audience (asks on a terminal, needs --yes otherwise)',
  examples: ['postctl audiences delete 1qz4s --yes'],
  options: {
    yes: yesDelete,
    account: accountOption,
    sandbox: sandboxOption,
  },
  async run([id], opts, ctx) {
    const account = await accountRef(ctx, opts);
    if (!(await confirmDelete(ctx, `custom audience ${id}`, opts.yes))) return 0;
    const res = await deleteAudience(await ctx.client(), account, id);
    ctx.printer.object(res.body.data, AUDIENCE_FIELDS, res.body);
    ctx.log.success(`deleted custom audience ${id}`);
    return 0;
  },
});
