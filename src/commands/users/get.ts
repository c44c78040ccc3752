// `postctl users get <@handle|id|url>...`: ids and usernames looked up 100 per
// request (GET /2/users, GET /2/users/by), merged into one envelope in the
// order given.
import { exitCodeFor, problemKind } from '../../errors/api-error.js';
import { CliError, UsageError } from '../../errors/cli-error.js';
import { EXIT } from '../../errors/exit-codes.js';
import { chooseAuth } from '../../platform/auth-choice.js';
import { describeProblem } from '../../platform/posts.js';
import { lookupUsers } from '../../platform/users.js';
import { userFieldParams } from '../../validate/user-fields.js';
import { authOption } from '../_flags.js';
import { readTargets } from '../_targets.js';
import { USER_COLUMNS, userFieldOptions } from '../_users.js';
import { defineVerb } from '../define.js';
import { APP_FIRST } from '../posts/_search.js';

export default defineVerb({
  name: 'get [users...]',
  description: 'look up users by @handle, id or profile URL (GET /2/users/by, GET /2/users), 100 per request, merged in the order given',
  examples: [
    'postctl users get @emu_dev 2244994945',
    'postctl users get https://x.com/emu_dev --user-fields created_at,public_metrics,description -o json',
    'postctl users get --file handles.txt -o jsonl',
  ],
  options: {
    file: {
      flags: '--file <path>',
      description: 'read users from a file (- for stdin): one or more per line, comma or space separated, # comments',
    },
    ...userFieldOptions,
    auth: authOption('app'),
  },
  async run(args, opts, ctx) {
    const client = await ctx.client();
    const fields = userFieldParams(opts, client.names);
    if (!args.length && opts.file === undefined)
      throw new UsageError('no users given', 'pass @handles, ids or profile URLs, --file <path>, or - for stdin.');
    const refs = await readTargets(ctx, args, opts.file, 'user');
    if (!refs.length) throw new UsageError('no users given (the input was empty)');
    const endpoints = [
      ...(refs.some((r) => r.id !== undefined) ? ['GET /2/users'] : []),
      ...(refs.some((r) => r.username !== undefined) ? ['GET /2/users/by'] : []),
    ];
    const auth = chooseAuth(await ctx.settings(), { endpoints, prefer: APP_FIRST, flag: opts.auth });
    const { envelope } = await lookupUsers(client, refs, fields, auth);
    const users = envelope.data ?? [];
    const errors = envelope.errors ?? [];
    if (users.length || ctx.format === 'json') ctx.printer.list(users, USER_COLUMNS, envelope);
    for (const p of errors.slice(0, 20)) ctx.log.warn(describeProblem(p));
    if (!users.length && errors.length) {
      const kind = problemKind(errors[0]!.type);
      const code = kind && kind !== 'about:blank' ? exitCodeFor(404, kind) : EXIT.NOT_FOUND;
      throw new CliError(`none of the ${refs.length} users could be retrieved`, { exitCode: code, code: kind ?? 'not_found' });
    }
    return 0;
  },
});
