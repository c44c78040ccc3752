// `postctl dm list [--with <user>]`: direct message events, newest first
// (GET /2/dm_events, or GET /2/dm_conversations/with/{id}/dm_events), one
// page, --all or --limit through the one pager.
import { dmEventsRequest } from '../../platform/dm.js';
import { userRefsFromArgs } from '../../platform/refs.js';
import { resolveUserIds } from '../../platform/users.js';
import { commaList } from '../../validate/rules.js';
import { USER_CONTEXT, authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { pageParams, printListing } from '../_listing.js';
import { pageOptions } from '../_listing.js';
import { defineVerb } from '../define.js';
import { DM_COLUMNS } from './_columns.js';

export default defineVerb({
  name: 'list',
  description: 'direct message events, newest first (GET /2/dm_events; --with a user: that conversation); max-results 1 to 100',
  examples: ['postctl dm list', 'postctl dm list --with @alice --all -o jsonl'],
  options: {
    with: { flags: '--with <user>', description: 'only the one-to-one conversation with this user (id, @handle or URL)' },
    eventTypes: {
      flags: '--event-types <list>',
      description: 'MessageCreate, ParticipantsJoin, ParticipantsLeave (comma separated; default all)',
    },
    ...pageOptions,
    auth: authOption('user (OAuth 1.0a) when the profile holds an access token, else oauth2 (dm.read)'),
  },
  async run(_args, opts, ctx) {
    const { query } = pageParams(opts, [1, 100]);
    const refs = opts.with !== undefined ? userRefsFromArgs([opts.with], '--with') : [];
    const first = dmEventsRequest(refs[0]?.id ?? (refs.length ? '0' : undefined), commaList(opts.eventTypes), query);
    const endpoints = [
      refs.length ? 'GET /2/dm_conversations/with/{participant_id}/dm_events' : 'GET /2/dm_events',
      ...(refs[0]?.username !== undefined ? ['GET /2/users/by'] : []),
    ];
    const { client, auth } = await authedClient(ctx, { endpoints, prefer: USER_CONTEXT, flag: opts.auth });
    const req = refs.length ? dmEventsRequest((await resolveUserIds(client, refs, auth))[0], commaList(opts.eventTypes), query) : first;
    return printListing(ctx, client, req, DM_COLUMNS, opts, 'direct message events');
  },
});
