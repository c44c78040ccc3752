// `postctl ads promoted-accounts delete <promoted_account_id>`: DELETE …/promoted_accounts/:id.
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { runChildDelete } from '../_children.js';
import { yesDelete } from '../_creatives.js';
import { PROMOTED_ACCOUNTS } from './_columns.js';

export default defineVerb({
  name: 'delete <promoted_account_id>',
  description: 'stop promoting an account on its line item (asks on a terminal, needs --yes otherwise)',
  examples: ['postctl ads promoted-accounts delete 19pl2 --yes'],
  options: { yes: yesDelete, ...writeOptions },
  async run([id], opts, ctx) {
    return runChildDelete(ctx, id!, opts, 'promoted account', PROMOTED_ACCOUNTS.resource);
  },
});
