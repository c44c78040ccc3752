// `postctl ads media get <account_media_id>`.
import { getAccountMedia } from '../../../creatives/account-media.js';
import { accountRef } from '../_account.js';
import { accountOptions, withDeletedOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { printOne } from '../_creatives.js';
import { FIELDS } from './_columns.js';

export default defineVerb({
  name: 'get <account_media_id>',
  description: 'show one account media asset',
  examples: ['postctl ads media get w5ev'],
  options: {
    withDeleted: withDeletedOption,
    ...accountOptions,
  },
  async run([id], opts, ctx) {
    const t = await accountRef(ctx, opts);
    const res = await getAccountMedia(await ctx.client(), t, id, Boolean(opts.withDeleted));
    printOne(ctx, res.body, FIELDS);
  },
});
