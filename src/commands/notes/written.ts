// `postctl notes written`: Community Notes the authenticated user wrote (GET /2/notes/search/notes_written).
import { noteReads } from '../../platform/notes.js';
import { selectionParams } from '../../validate/selection.js';
import { authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { pageOptions, pageParams, printListing } from '../_listing.js';
import { FIELD_FLAGS } from '../_lookup.js';
import { allowUnknownFieldsOption } from '../_post-fields.js';
import { defineVerb } from '../define.js';
import { NOTE_AUTH, NOTE_COLUMNS, liveOption } from './_notes.js';

export default defineVerb({
  name: 'written',
  description: 'Community Notes you wrote (GET /2/notes/search/notes_written; user context): max-results 1 to 100, --all',
  examples: ['postctl notes written', 'postctl notes written --live --all -o jsonl'],
  options: {
    live: liveOption('list the notes written outside test mode'),
    ...pageOptions,
    noteFields: FIELD_FLAGS.noteFields,
    allowUnknownFields: allowUnknownFieldsOption,
    auth: authOption('user (OAuth 1.0a) when held, else oauth2'),
  },
  async run(_args, opts, ctx) {
    const { query, limit } = pageParams(opts, [1, 100]);
    const fields = selectionParams({
      fields: { note: opts.noteFields ?? ['id', 'info', 'status'] },
      allowUnknown: opts.allowUnknownFields,
    });
    const req = noteReads.written(!opts.live, [...query, ...fields]);
    const { client } = await authedClient(ctx, { endpoints: ['GET /2/notes/search/notes_written'], prefer: NOTE_AUTH, flag: opts.auth });
    return printListing(ctx, client, req, NOTE_COLUMNS, { ...opts, ...(limit !== undefined ? { limit: String(limit) } : {}) }, 'notes');
  },
});
