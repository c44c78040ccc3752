// `postctl lists members add <list_id> <users...>`: POST /2/lists/{id}/members per user.
import { authOption } from '../../_flags.js';
import { lifecycleDryRun } from '../../_lifecycle.js';
import { defineVerb } from '../../define.js';
import { changeMembers } from './_change.js';

export default defineVerb({
  name: 'add <list_id> <users...>',
  description: 'add users (ids, @handles or URLs) to a list you own (POST /2/lists/{id}/members)',
  examples: ['postctl lists members add 1800000000000000001 @alice @bob'],
  options: {
    dryRun: lifecycleDryRun,
    auth: authOption('user (OAuth 1.0a) when the profile holds an access token, else oauth2'),
  },
  run: ([id, ...users], opts, ctx) => changeMembers(ctx, 'add', id!, users, opts),
});
