// `postctl ads promoted-accounts get <promoted_account_id>`: GET …/promoted_accounts/:id.
import { accountOptions, withDeletedOption } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { runChildGet } from '../_children.js';
import { PROMOTED_ACCOUNTS } from './_columns.js';

export default defineVerb({
  name: 'get <promoted_account_id>',
  description: 'show one promoted account (user, line item, status, approval)',
  examples: ['postctl ads promoted-accounts get 19pl2'],
  options: { withDeleted: withDeletedOption, ...accountOptions },
  async run([id], opts, ctx) {
    return runChildGet(ctx, id!, opts, PROMOTED_ACCOUNTS.resource);
  },
});
