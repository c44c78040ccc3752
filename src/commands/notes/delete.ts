// `postctl notes delete <note_id>`: delete a Community Note you wrote (DELETE /2/notes/{id}); asks first.
import { deleteNoteRequest } from '../../platform/notes.js';
import { authedClient } from '../_auth.js';
import { authOption, yesOption } from '../_flags.js';
import { lifecycleDryRun, printRequests } from '../_lifecycle.js';
import { defineVerb } from '../define.js';
import { NOTE_AUTH } from './_notes.js';

export default defineVerb({
  name: 'delete <note_id>',
  description: 'delete a Community Note you wrote (DELETE /2/notes/{id}; user context); asks y/N on a terminal, needs --yes otherwise',
  examples: ['postctl notes delete 1146654567674912769 --yes'],
  options: { yes: yesOption(), auth: authOption('user (OAuth 1.0a) when held, else oauth2'), dryRun: lifecycleDryRun },
  async run([id], opts, ctx) {
    const req = deleteNoteRequest(id!);
    const { client } = await authedClient(ctx, { endpoints: ['DELETE /2/notes/{id}'], prefer: NOTE_AUTH, flag: opts.auth });
    if (opts.dryRun) return printRequests(ctx, [req]);
    if (!(await ctx.prompt.confirm(`Delete note ${id}?`, opts.yes))) return 0;
    const res = await client.request<{ data?: unknown }>(req);
    ctx.printer.object(res.body?.data ?? {}, [{ header: 'deleted', key: 'deleted' }], res.body);
    return 0;
  },
});
