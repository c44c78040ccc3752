// `postctl chat send <conversation_id> --message-id … --encoded-event …`: send
// a message your chat client encrypted (POST …/messages); postctl checks the
// payload's shape and passes it through.
import { sendMessageRequest } from '../../platform/chat.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { printOne } from '../_lookup.js';
import { lifecycleDryRun, printRequests } from '../_lifecycle.js';
import { defineVerb } from '../define.js';
import { CHAT_AUTH } from './_chat.js';

export default defineVerb({
  name: 'send <conversation_id>',
  description:
    'send an end-to-end encrypted chat message built by your chat client (POST /2/chat/conversations/{conversation_id}/messages): base64 event and signature',
  examples: ['postctl chat send 1000000001-2244994945 --message-id m-0001 --encoded-event AAEC --signature AQID'],
  options: {
    messageId: {
      flags: '--message-id <id>',
      description: 'the message’s unique id (required; a resend with the same id is the same message)',
    },
    encodedEvent: { flags: '--encoded-event <payload>', description: 'the encrypted MessageCreateEvent, base64 (required)' },
    signature: { flags: '--signature <signature>', description: 'the MessageEventSignature, base64' },
    conversationToken: { flags: '--conversation-token <token>', description: 'the conversation token, when the conversation has one' },
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
    dryRun: lifecycleDryRun,
  },
  async run([id], opts, ctx) {
    const req = sendMessageRequest(id!, {
      messageId: opts.messageId ?? '',
      encodedEvent: opts.encodedEvent ?? '',
      signature: opts.signature,
      conversationToken: opts.conversationToken,
    });
    const { client } = await authedClient(ctx, {
      endpoints: ['POST /2/chat/conversations/{conversation_id}/messages'],
      prefer: CHAT_AUTH,
      flag: opts.auth,
    });
    if (opts.dryRun) return printRequests(ctx, [req]);
    return printOne(ctx, client, req);
  },
});
