// `postctl dm events <conversation_id>`: the events of one conversation by its
// id — a group's (15 to 19 digits) or a one-to-one's (<id>-<id>) — newest first
// (GET /2/dm_conversations/{id}/dm_events), one page, --all or --limit.
import { dmEventsRequest } from '../../platform/dm.js';
import { commaList } from '../../validate/rules.js';
import { USER_CONTEXT, authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { pageOptions, pageParams, printListing } from '../_listing.js';
import { defineVerb } from '../define.js';
import { DM_COLUMNS } from './_columns.js';

export default defineVerb({
  name: 'events <conversation_id>',
  description:
    'the events of one conversation by its id, groups included (GET /2/dm_conversations/{id}/dm_events): <id>-<id> or a group id; max-results 1 to 100',
  examples: ['postctl dm events 1000000001-2244994945', 'postctl dm events 1582838360831426560 --all -o jsonl'],
  options: {
    eventTypes: {
      flags: '--event-types <list>',
      description: 'MessageCreate, ParticipantsJoin, ParticipantsLeave (comma separated; default all)',
    },
    ...pageOptions,
    auth: authOption('user (OAuth 1.0a) when the profile holds an access token, else oauth2 (dm.read)'),
  },
  async run([conversation], opts, ctx) {
    const { query } = pageParams(opts, [1, 100]);
    const req = dmEventsRequest({ conversationId: conversation! }, commaList(opts.eventTypes), query);
    const endpoints = ['GET /2/dm_conversations/{id}/dm_events'];
    const { client } = await authedClient(ctx, { endpoints, prefer: USER_CONTEXT, flag: opts.auth });
    return printListing(ctx, client, req, DM_COLUMNS, opts, 'direct message events');
  },
});
