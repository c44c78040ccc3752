// `postctl dm delete <event_id>...`: DELETE /2/dm_events/{event_id} (a message you sent); asks unless --yes.
import { dmEventRequest } from '../../platform/dm.js';
import { USER_CONTEXT, authedClient } from '../_auth.js';
import { authOption, yesOption } from '../_flags.js';
import { deleteEach, lifecycleDryRun, printPlanned } from '../_lifecycle.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'delete <event_ids...>',
  description: 'delete direct messages you sent (DELETE /2/dm_events/{event_id}); asks y/N on a terminal, needs --yes otherwise',
  examples: ['postctl dm delete 1582838360831426561 --yes'],
  options: {
    yes: yesOption('delete without asking'),
    dryRun: lifecycleDryRun,
    auth: authOption('user (OAuth 1.0a) when the profile holds an access token, else oauth2 (dm.write)'),
  },
  async run(ids, opts, ctx) {
    const items = [...new Set(ids)].map((id) => ({ id, plan: dmEventRequest('DELETE', id) }));
    if (opts.dryRun)
      return printPlanned(
        ctx,
        items.map((i) => i.plan),
      );
    const { client } = await authedClient(ctx, { endpoints: ['DELETE /2/dm_events/{event_id}'], prefer: USER_CONTEXT, flag: opts.auth });
    return deleteEach(ctx, client, items, { yes: opts.yes, what: 'direct message' });
  },
});
