// `postctl ads promoted-accounts create --line-item <id> <user>`: promotes an
// account on a line item (POST …/promoted_accounts?line_item_id=…&user_id=…).
// The user is an id or a profile URL carrying one (https://x.com/i/user/<id>);
// a promoted account cannot be updated (the reference), only deleted.
import { promotedAccounts } from '../../../ads/line-item-children.js';
import { checkLineItemId, checkLong } from '../../../validate/line-item-children.js';
import { parseUserRef } from '../../../validate/platform-ids.js';
import { Problems } from '../../../validate/rules.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { printCreated } from '../_children.js';
import { printDryRun } from '../_dry-run.js';

export default defineVerb({
  name: 'create <user>',
  description: 'promote an account (user id, or https://x.com/i/user/<id>) on a line item',
  examples: ['postctl ads promoted-accounts create --line-item 8u94u 756201191646691328'],
  options: {
    lineItem: { flags: '--line-item <line_item_id>', description: 'line item that promotes the account (required)' },
    dryRun: { flags: '--dry-run', description: 'check and print the request that would be sent; change nothing' },
    ...writeOptions,
  },
  async run([user], opts, ctx) {
    const p = new Problems();
    checkLineItemId(p, opts.lineItem);
    const ref = parseUserRef(user!);
    if (ref?.username !== undefined)
      p.add('user_id', `takes a user id (or https://x.com/i/user/<id>), not a handle: see \`postctl users get ${ref.username}\``);
    else checkLong(p, 'user_id', ref?.id ?? user);
    p.throwIfAny('invalid promoted account');
    const params = { line_item_id: opts.lineItem!, user_id: ref!.id! };
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    if (opts.dryRun) {
      const req = promotedAccounts.listRequest(account, params);
      printDryRun(ctx, client.baseUrl(account.api) + req.path, { ...req, method: 'POST' }, params, undefined, 'line item');
      return 0;
    }
    const res = await promotedAccounts.create(client, account, params);
    return printCreated(ctx, res.body, 'promoted account');
  },
});
