// The emulator's credentials rules for compliance jobs, trends, Spaces,
// communities, news, Community Notes, usage, chat and the volume streams,
// written from the `security` requirements of openapi v2.159 (and v2.167 where
// it allows more: GET /2/trends/by/woeid/{woeid} also takes an OAuth 2.0 user
// token there, with no scope named). Kept beside the main table
// (endpoint-auth.ts), which spreads it in.
import type { AuthRule } from './types.js';

const SPACES: AuthRule = { bearer: true, oauth2: ['space.read', 'tweet.read', 'users.read'] };
const APP: AuthRule = { bearer: true };
const NOTES_READ: AuthRule = { oauth1: true, oauth2: ['tweet.read'] };
const NOTES_WRITE: AuthRule = { oauth1: true, oauth2: ['tweet.write'] };
const CHAT_WRITE: AuthRule = { oauth1: true, oauth2: ['dm.write', 'tweet.read', 'users.read'] };

export const MORE_RULES: Record<string, AuthRule> = {
  'GET /2/compliance/jobs': APP,
  'POST /2/compliance/jobs': APP,
  'GET /2/compliance/jobs/:id': APP,
  'GET /2/trends/by/woeid/:woeid': { bearer: true, oauth2: [] },
  'GET /2/users/personalized_trends': { oauth1: true, oauth2: ['tweet.read', 'users.read'] },
  'GET /2/spaces': SPACES,
  'GET /2/spaces/by/creator_ids': SPACES,
  'GET /2/spaces/search': SPACES,
  'GET /2/spaces/:id': SPACES,
  'GET /2/spaces/:id/buyers': { oauth2: ['space.read', 'tweet.read', 'users.read'] },
  'GET /2/spaces/:id/tweets': SPACES,
  'GET /2/communities/search': { oauth1: true, oauth2: ['tweet.read', 'users.read'] },
  'GET /2/communities/:id': { bearer: true, oauth1: true, oauth2: ['list.read', 'tweet.read', 'users.read'] },
  'GET /2/news/search': { bearer: true, oauth1: true, oauth2: ['tweet.read', 'users.read'] },
  'GET /2/news/:id': { bearer: true, oauth1: true, oauth2: ['tweet.read', 'users.read'] },
  'GET /2/notes/search/notes_written': NOTES_READ,
  'GET /2/notes/search/posts_eligible_for_notes': NOTES_READ,
  'POST /2/notes': NOTES_WRITE,
  'POST /2/evaluate_note': NOTES_WRITE,
  'DELETE /2/notes/:id': NOTES_WRITE,
  'GET /2/usage/tweets': APP,
  'GET /2/chat/conversations': { oauth1: true, oauth2: ['dm.read', 'users.read'] },
  'GET /2/chat/conversations/:conversation_id': { oauth1: true, oauth2: ['dm.read', 'tweet.read', 'users.read'] },
  'POST /2/chat/conversations/:conversation_id/messages': CHAT_WRITE,
  'POST /2/chat/conversations/:conversation_id/read': CHAT_WRITE,
  'POST /2/chat/conversations/:conversation_id/typing': CHAT_WRITE,
  'POST /2/chat/media/upload/initialize': { oauth1: true, oauth2: ['media.write'] },
  'POST /2/chat/media/upload/:id/append': { oauth1: true, oauth2: ['media.write'] },
  'POST /2/chat/media/upload/:id/finalize': { oauth1: true, oauth2: ['media.write'] },
  'GET /2/chat/media/:conversation_id/:media_hash_key': { oauth1: true, oauth2: ['media.write'] },
  'GET /2/users/:id/public_keys': { oauth1: true, oauth2: ['dm.read', 'tweet.read', 'users.read'] },
  'POST /2/users/:id/public_keys': { oauth1: true, oauth2: ['dm.write', 'tweet.read', 'users.read'] },
  'GET /2/tweets/sample/stream': APP,
  'GET /2/tweets/sample10/stream': APP,
  'GET /2/tweets/firehose/stream': APP,
  'GET /2/tweets/firehose/stream/lang/:lang': APP,
  'GET /2/tweets/compliance/stream': APP,
  'GET /2/tweets/label/stream': APP,
  'GET /2/users/compliance/stream': APP,
  'GET /2/likes/compliance/stream': APP,
  'GET /2/likes/firehose/stream': APP,
  'GET /2/likes/sample10/stream': APP,
};
