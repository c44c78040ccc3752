// `postctl chat conversations get <conversation_id>`: its message events
// (GET /2/chat/conversations/{conversation_id}), encrypted as sent: decrypting
// is the chat client's job.
import { chatReads } from '../../../platform/chat.js';
import { selectionParams } from '../../../validate/selection.js';
import { authedClient } from '../../_auth.js';
import { authOption } from '../../_flags.js';
import { pageOptions, pageParams, printListing } from '../../_listing.js';
import { FIELD_FLAGS } from '../../_lookup.js';
import { allowUnknownFieldsOption } from '../../_post-fields.js';
import { defineVerb } from '../../define.js';
import { CHAT_AUTH } from '../_chat.js';

const COLUMNS = [
  { header: 'id', key: 'id' },
  { header: 'sender_id', key: 'sender_id' },
  { header: 'created_at_msec', key: 'created_at_msec' },
  { header: 'encoded_event', key: 'encoded_event', flex: true },
];

export default defineVerb({
  name: 'get <conversation_id>',
  description:
    'message events of a chat conversation, still encrypted (GET /2/chat/conversations/{conversation_id}; user context): max-results 1 to 100, --all',
  examples: ['postctl chat conversations get 1000000001-2244994945', 'postctl chat conversations get g1800000000000000042 --all -o jsonl'],
  options: {
    ...pageOptions,
    chatMessageEventFields: FIELD_FLAGS.chatMessageEventFields,
    allowUnknownFields: allowUnknownFieldsOption,
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
  },
  async run([id], opts, ctx) {
    const { query, limit } = pageParams(opts, [1, 100]);
    const fields = opts.chatMessageEventFields ?? ['sender_id', 'created_at_msec', 'encoded_event'];
    const req = chatReads.messages(id!, [
      ...query,
      ...selectionParams({ fields: { chatMessageEvent: fields }, allowUnknown: opts.allowUnknownFields }),
    ]);
    const { client } = await authedClient(ctx, {
      endpoints: ['GET /2/chat/conversations/{conversation_id}'],
      prefer: CHAT_AUTH,
      flag: opts.auth,
    });
    return printListing(ctx, client, req, COLUMNS, { ...opts, ...(limit !== undefined ? { limit: String(limit) } : {}) }, 'messages');
  },
});
