// `postctl lists delete <list_id>...`: DELETE /2/lists/{id}; asks unless --yes.
import { listPlans } from '../../platform/lists.js';
import { USER_CONTEXT, authedClient } from '../_auth.js';
import { authOption, yesOption } from '../_flags.js';
import { deleteEach, lifecycleDryRun, printPlanned } from '../_lifecycle.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'delete <list_ids...>',
  description: 'delete lists you own (DELETE /2/lists/{id}); asks y/N on a terminal, needs --yes otherwise',
  examples: ['postctl lists delete 1800000000000000001 --yes'],
  options: {
    yes: yesOption('delete without asking'),
    dryRun: lifecycleDryRun,
    auth: authOption('user (OAuth 1.0a) when the profile holds an access token, else oauth2'),
  },
  async run(ids, opts, ctx) {
    const items = [...new Set(ids)].map((id) => ({ id, plan: listPlans.delete(id) }));
    if (opts.dryRun)
      return printPlanned(
        ctx,
        items.map((i) => i.plan),
      );
    const { client } = await authedClient(ctx, { endpoints: ['DELETE /2/lists/{id}'], prefer: USER_CONTEXT, flag: opts.auth });
    return deleteEach(ctx, client, items, { yes: opts.yes, what: 'list' });
  },
});
