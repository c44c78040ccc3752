// `postctl chat read <conversation_id> --until <sequence_id>`: mark messages read (POST …/read).
import { markReadRequest } from '../../platform/chat.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { printOne } from '../_lookup.js';
import { lifecycleDryRun, printRequests } from '../_lifecycle.js';
import { defineVerb } from '../define.js';
import { CHAT_AUTH } from './_chat.js';

export default defineVerb({
  name: 'read <conversation_id>',
  description: 'mark a chat conversation read up to a message (POST /2/chat/conversations/{conversation_id}/read; user context)',
  examples: ['postctl chat read 1000000001-2244994945 --until 1930000000000000003'],
  options: {
    until: { flags: '--until <sequence_id>', description: 'the sequence id of the last message read (required)' },
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
    dryRun: lifecycleDryRun,
  },
  async run([id], opts, ctx) {
    const req = markReadRequest(id!, opts.until ?? '');
    const { client } = await authedClient(ctx, {
      endpoints: ['POST /2/chat/conversations/{conversation_id}/read'],
      prefer: CHAT_AUTH,
      flag: opts.auth,
    });
    if (opts.dryRun) return printRequests(ctx, [req]);
    return printOne(ctx, client, req, [{ header: 'success', key: 'success' }]);
  },
});
