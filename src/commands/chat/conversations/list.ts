// `postctl chat conversations list`: the chat inbox (GET /2/chat/conversations), through the one pager.
import { chatReads } from '../../../platform/chat.js';
import { EXPANSIONS, selectionParams } from '../../../validate/selection.js';
import { authedClient } from '../../_auth.js';
import { authOption } from '../../_flags.js';
import { pageOptions, pageParams, printListing } from '../../_listing.js';
import { FIELD_FLAGS } from '../../_lookup.js';
import { allowUnknownFieldsOption } from '../../_post-fields.js';
import { defineVerb } from '../../define.js';
import { CHAT_AUTH } from '../_chat.js';

const COLUMNS = [
  { header: 'id', key: 'id' },
  { header: 'type', key: 'type' },
  { header: 'updated_at', key: 'updated_at' },
  { header: 'group_name', key: 'group_name', flex: true },
];

export default defineVerb({
  name: 'list',
  description: 'your chat conversations (GET /2/chat/conversations; user context): max-results 1 to 100, --all',
  examples: [
    'postctl chat conversations list',
    'postctl chat conversations list --expansions participant_ids --user-fields username -o json',
  ],
  options: {
    ...pageOptions,
    chatConversationFields: FIELD_FLAGS.chatConversationFields,
    expansions: { flags: '--expansions <list>', description: 'admin_ids, member_ids, participant_ids (repeatable)', repeatable: true },
    userFields: FIELD_FLAGS.userFields,
    allowUnknownFields: allowUnknownFieldsOption,
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
  },
  async run(_args, opts, ctx) {
    const { query, limit } = pageParams(opts, [1, 100]);
    const selection = selectionParams({
      fields: { chatConversation: opts.chatConversationFields ?? ['type', 'updated_at', 'group_name'], user: opts.userFields },
      expansions: { valid: EXPANSIONS.chatConversation, given: opts.expansions },
      allowUnknown: opts.allowUnknownFields,
    });
    const { client } = await authedClient(ctx, { endpoints: ['GET /2/chat/conversations'], prefer: CHAT_AUTH, flag: opts.auth });
    const req = chatReads.conversations([...query, ...selection]);
    return printListing(ctx, client, req, COLUMNS, { ...opts, ...(limit !== undefined ? { limit: String(limit) } : {}) }, 'conversations');
  },
});
