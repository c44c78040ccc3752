// `postctl lists members remove <list_id> <users...>`: DELETE /2/lists/{id}/members/{user_id} per user.
import { authOption, yesOption } from '../../_flags.js';
import { lifecycleDryRun } from '../../_lifecycle.js';
import { defineVerb } from '../../define.js';
import { changeMembers } from './_change.js';

export default defineVerb({
  name: 'remove <list_id> <users...>',
  description: 'remove users from a list you own (DELETE /2/lists/{id}/members/{user_id}); asks unless --yes',
  examples: ['postctl lists members remove 1800000000000000001 @bob --yes'],
  options: {
    yes: yesOption('remove without asking'),
    dryRun: lifecycleDryRun,
    auth: authOption('user (OAuth 1.0a) when the profile holds an access token, else oauth2'),
  },
  run: ([id, ...users], opts, ctx) => changeMembers(ctx, 'remove', id!, users, opts),
});
