// `postctl chat keys get <user_id>`: a user's chat public keys (GET /2/users/{id}/public_keys).
import { chatReads } from '../../../platform/chat.js';
import { selectionParams } from '../../../validate/selection.js';
import { authedClient } from '../../_auth.js';
import { authOption } from '../../_flags.js';
import { FIELD_FLAGS, printAll } from '../../_lookup.js';
import { allowUnknownFieldsOption } from '../../_post-fields.js';
import { defineVerb } from '../../define.js';
import { CHAT_AUTH } from '../_chat.js';

const COLUMNS = [
  { header: 'version', key: 'version' },
  { header: 'public_key', key: 'public_key', flex: true },
];

export default defineVerb({
  name: 'get <user_id>',
  description: 'a user’s chat public keys, to encrypt for them (GET /2/users/{id}/public_keys; user context)',
  examples: [
    'postctl chat keys get 2244994945',
    'postctl chat keys get 2244994945 --public-key-fields public_key,signing_public_key,version -o json',
  ],
  options: {
    publicKeyFields: FIELD_FLAGS.publicKeyFields,
    allowUnknownFields: allowUnknownFieldsOption,
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
  },
  async run([userId], opts, ctx) {
    const fields = opts.publicKeyFields ?? ['public_key', 'version'];
    const req = chatReads.publicKeys(userId!, selectionParams({ fields: { publicKey: fields }, allowUnknown: opts.allowUnknownFields }));
    const { client } = await authedClient(ctx, { endpoints: ['GET /2/users/{id}/public_keys'], prefer: CHAT_AUTH, flag: opts.auth });
    return printAll(ctx, client, req, COLUMNS, 'public keys');
  },
});
