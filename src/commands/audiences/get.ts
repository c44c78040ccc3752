// `postctl audiences get <custom_audience_id>`: one custom audience (size, targetable, why not).
import { getAudience } from '../../audiences/manage.js';
import { accountRef } from '../ads/_account.js';
import { accountOption, sandboxOption, withDeletedOption } from '../_ads-flags.js';
import { defineVerb } from '../define.js';
import { AUDIENCE_FIELDS } from './_audience.js';

export default defineVerb({
  name: 'get <custom_audience_id>',
  description: 'show one custom audience (size, targetable, reasons not targetable)',
  examples: ['postctl audiences get 1qz4s'],
  options: {
    withDeleted: withDeletedOption,
    account: accountOption,
    sandbox: sandboxOption,
  },
  async run([id], opts, ctx) {
    const res = await getAudience(await ctx.client(), await accountRef(ctx, opts), id, Boolean(opts.withDeleted));
    ctx.printer.object(res.body.data, AUDIENCE_FIELDS, res.body);
    return 0;
  },
});
