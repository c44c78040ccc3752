// `postctl chat typing <conversation_id>`: show the typing indicator (POST …/typing).
import { typingRequest } from '../../platform/chat.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { printOne } from '../_lookup.js';
import { lifecycleDryRun, printRequests } from '../_lifecycle.js';
import { defineVerb } from '../define.js';
import { CHAT_AUTH } from './_chat.js';

export default defineVerb({
  name: 'typing <conversation_id>',
  description: 'show the typing indicator in a chat conversation (POST /2/chat/conversations/{conversation_id}/typing; user context)',
  examples: ['postctl chat typing 1000000001-2244994945'],
  options: { auth: authOption('user (OAuth 1.0a) when held, else oauth2'), dryRun: lifecycleDryRun },
  async run([id], opts, ctx) {
    const req = typingRequest(id!);
    const { client } = await authedClient(ctx, {
      endpoints: ['POST /2/chat/conversations/{conversation_id}/typing'],
      prefer: CHAT_AUTH,
      flag: opts.auth,
    });
    if (opts.dryRun) return printRequests(ctx, [req]);
    return printOne(ctx, client, req, [{ header: 'success', key: 'success' }]);
  },
});
