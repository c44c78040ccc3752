// `postctl ads media delete <account_media_id>`: asks first (or --yes).
import { deleteAccountMedia } from '../../../creatives/account-media.js';
import { accountRef } from '../_account.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { confirmDelete, printOne, yesDelete } from '../_creatives.js';
import { FIELDS } from './_columns.js';

export default defineVerb({
  name: 'delete <account_media_id>',
  description: 'delete an account media asset (asks on a terminal, needs --yes otherwise)',
  examples: ['postctl ads media delete w5ev --yes'],
  options: {
    yes: yesDelete,
    ...writeOptions,
  },
  async run([id], opts, ctx) {
    const t = await accountRef(ctx, opts);
    if (!(await confirmDelete(ctx, `account media ${id} of account ${t.id}`, opts.yes))) return;
    const res = await deleteAccountMedia(await ctx.client(), t, id);
    printOne(ctx, res.body, FIELDS);
    ctx.log.success(`deleted account media ${id}`);
  },
});
