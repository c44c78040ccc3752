// `postctl ads promotable-users get <promotable_user_id>`: one promotable user (GET …/promotable_users/:id).
import { getPromotableUser } from '../../../ads/promoted.js';
import { accountOptions, withDeletedOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { objectFields } from '../_show.js';

export default defineVerb({
  name: 'get <promotable_user_id>',
  description: 'show one promotable user (user id, FULL or RETWEETS_ONLY)',
  examples: ['postctl ads promotable-users get l310s'],
  options: {
    withDeleted: withDeletedOption,
    ...accountOptions,
  },
  async run([id], opts, ctx) {
    const account = await accountRef(ctx, opts);
    const res = await getPromotableUser(await ctx.client(), account, id, Boolean(opts.withDeleted));
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    return 0;
  },
});
