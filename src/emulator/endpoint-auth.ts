// The emulator's own record of which credentials each platform endpoint takes,
// written from the `security` requirements of the official descriptions
// (openapi v2.159 and v2.167: BearerToken, UserToken = OAuth 1.0a user context,
// OAuth2UserToken with its scopes). Independent of the client's table
// (src/auth/endpoint-auth.ts) on purpose. A scheme either description allows
// is served; an OAuth 2.0 user token must hold the scopes both descriptions
// name (v2.167 names none for POST /2/activity/subscriptions and allows
// OAuth 2.0 on GET /2/tweets/counts/recent, which v2.159 does not).
import { INVALID_TOKEN, verifyOAuth1, type RawRequestInfo } from './authenticate.js';
import { oauth2State, userToken } from './oauth2-state.js';
import { MORE_RULES } from './endpoint-auth-more.js';
import { problem } from './replies.js';
import type { EmulatorState } from './state.js';
import type { AuthInfo, AuthRule, EmuResponse } from './types.js';

const READ = ['tweet.read', 'users.read'];
const WRITE = ['tweet.read', 'tweet.write', 'users.read'];
const MEDIA = ['media.write'];
const ANY_READ: AuthRule = { bearer: true, oauth1: true, oauth2: READ };
const APP: AuthRule = { bearer: true };

/** Official paths with `:` parameters (names ignored when matching). */
const RULES: Record<string, AuthRule> = {
  ...MORE_RULES,
  'GET /2/tweets': ANY_READ,
  'GET /2/tweets/:id': ANY_READ,
  'POST /2/tweets': { oauth1: true, oauth2: WRITE },
  'DELETE /2/tweets/:id': { oauth1: true, oauth2: WRITE },
  'GET /2/tweets/search/recent': ANY_READ,
  'GET /2/tweets/search/all': APP,
  'GET /2/tweets/counts/recent': { bearer: true, oauth2: [] },
  'GET /2/tweets/counts/all': APP,
  'GET /2/tweets/search/stream': APP,
  'GET /2/tweets/search/stream/rules': APP,
  'POST /2/tweets/search/stream/rules': APP,
  'POST /2/media/upload': { oauth1: true, oauth2: MEDIA },
  'POST /2/media/upload/initialize': { oauth1: true, oauth2: MEDIA },
  'POST /2/media/upload/:id/append': { oauth1: true, oauth2: MEDIA },
  'POST /2/media/upload/:id/finalize': { oauth1: true, oauth2: MEDIA },
  'GET /2/media/upload': { oauth1: true, oauth2: MEDIA },
  'POST /2/media/metadata': { oauth1: true, oauth2: MEDIA },
  'POST /2/activity/subscriptions': { bearer: true, oauth1: true, oauth2: [] },
  'GET /2/activity/stream': APP,
  'GET /2/connections': APP,
  'DELETE /2/connections': APP,
  'DELETE /2/connections/all': APP,
  'DELETE /2/connections/:endpoint_id': APP,
  'PUT /2/webhooks/:webhook_id': { bearer: true, oauth1: true },
  'POST /2/webhooks/replay': APP,
  'GET /2/users/me': { oauth1: true, oauth2: READ },
  // Users, engagement, direct messages, lists, webhooks and subscriptions (same descriptions).
  'DELETE /2/account_activity/webhooks/:webhook_id/subscriptions/:user_id/all': { bearer: true },
  'DELETE /2/activity/subscriptions': { bearer: true },
  'DELETE /2/activity/subscriptions/:subscription_id': { bearer: true },
  'DELETE /2/dm_events/:event_id': { oauth1: true, oauth2: ['dm.read', 'dm.write'] },
  'DELETE /2/lists/:id': { oauth1: true, oauth2: ['list.write', 'tweet.read', 'users.read'] },
  'DELETE /2/lists/:id/members/:user_id': { oauth1: true, oauth2: ['list.write', 'tweet.read', 'users.read'] },
  'DELETE /2/users/:id/bookmarks/:tweet_id': { oauth2: ['bookmark.write', 'tweet.read', 'users.read'] },
  'DELETE /2/users/:id/likes/:tweet_id': { oauth1: true, oauth2: ['like.write', 'tweet.read', 'users.read'] },
  'DELETE /2/users/:id/retweets/:source_tweet_id': { oauth1: true, oauth2: ['tweet.read', 'tweet.write', 'users.read'] },
  'DELETE /2/users/:source_user_id/following/:target_user_id': { oauth1: true, oauth2: ['follows.write', 'tweet.read', 'users.read'] },
  'DELETE /2/users/:source_user_id/muting/:target_user_id': { oauth1: true, oauth2: ['mute.write', 'tweet.read', 'users.read'] },
  'DELETE /2/webhooks/:webhook_id': { bearer: true, oauth1: true },
  'GET /2/account_activity/subscriptions/count': { bearer: true },
  'GET /2/account_activity/webhooks/:webhook_id/subscriptions/all': {
    oauth1: true,
    oauth2: ['dm.read', 'dm.write', 'tweet.read', 'users.read'],
  },
  'GET /2/account_activity/webhooks/:webhook_id/subscriptions/all/list': { bearer: true },
  'GET /2/activity/subscriptions': { bearer: true, oauth1: true, oauth2: ['like.read', 'tweet.read'] },
  'GET /2/dm_conversations/media/:dm_id/:media_id/:resource_id': { oauth2: ['dm.read'] },
  'GET /2/dm_conversations/with/:participant_id/dm_events': { oauth1: true, oauth2: ['dm.read', 'tweet.read', 'users.read'] },
  'GET /2/dm_conversations/:id/dm_events': { oauth1: true, oauth2: ['dm.read', 'tweet.read', 'users.read'] },
  'GET /2/dm_events': { oauth1: true, oauth2: ['dm.read', 'tweet.read', 'users.read'] },
  'GET /2/dm_events/:event_id': { oauth1: true, oauth2: ['dm.read', 'tweet.read', 'users.read'] },
  'GET /2/lists/:id': { bearer: true, oauth1: true, oauth2: ['list.read', 'tweet.read', 'users.read'] },
  'GET /2/lists/:id/followers': { bearer: true, oauth1: true, oauth2: ['list.read', 'tweet.read', 'users.read'] },
  'GET /2/lists/:id/members': { bearer: true, oauth1: true, oauth2: ['list.read', 'tweet.read', 'users.read'] },
  'GET /2/lists/:id/tweets': { bearer: true, oauth1: true, oauth2: ['list.read', 'tweet.read', 'users.read'] },
  'GET /2/lists/:id/posts': { bearer: true, oauth1: true, oauth2: ['list.read', 'tweet.read', 'users.read'] },
  'GET /2/users': { bearer: true, oauth1: true, oauth2: ['tweet.read', 'users.read'] },
  'GET /2/users/by': { bearer: true, oauth1: true, oauth2: ['tweet.read', 'users.read'] },
  'GET /2/users/:id/followed_lists': { bearer: true, oauth1: true, oauth2: ['list.read', 'tweet.read', 'users.read'] },
  'GET /2/users/:id/followers': { bearer: true, oauth1: true, oauth2: ['follows.read', 'tweet.read', 'users.read'] },
  'GET /2/users/:id/following': { bearer: true, oauth1: true, oauth2: ['follows.read', 'tweet.read', 'users.read'] },
  'GET /2/users/:id/liked_tweets': { oauth1: true, oauth2: ['like.read', 'tweet.read', 'users.read'] },
  'GET /2/users/:id/liked_posts': { oauth1: true, oauth2: ['like.read', 'tweet.read', 'users.read'] },
  'GET /2/users/:id/mentions': { bearer: true, oauth1: true, oauth2: ['tweet.read', 'users.read'] },
  'GET /2/users/:id/owned_lists': { bearer: true, oauth1: true, oauth2: ['list.read', 'tweet.read', 'users.read'] },
  'GET /2/users/:id/tweets': { bearer: true, oauth1: true, oauth2: ['tweet.read', 'users.read'] },
  'GET /2/users/:id/posts': { bearer: true, oauth1: true, oauth2: ['tweet.read', 'users.read'] },
  'GET /2/webhooks': { bearer: true },
  'POST /2/account_activity/webhooks/:webhook_id/subscriptions/all': {
    oauth1: true,
    oauth2: ['dm.read', 'dm.write', 'tweet.read', 'users.read'],
  },
  'POST /2/dm_conversations': { oauth1: true, oauth2: ['dm.write', 'tweet.read', 'users.read'] },
  'POST /2/dm_conversations/with/:participant_id/messages': { oauth1: true, oauth2: ['dm.write', 'tweet.read', 'users.read'] },
  'POST /2/dm_conversations/:dm_conversation_id/messages': { oauth1: true, oauth2: ['dm.write', 'tweet.read', 'users.read'] },
  'POST /2/lists': { oauth1: true, oauth2: ['list.read', 'list.write', 'tweet.read', 'users.read'] },
  'POST /2/lists/:id/members': { oauth1: true, oauth2: ['list.write', 'tweet.read', 'users.read'] },
  'POST /2/users/:id/bookmarks': { oauth2: ['bookmark.write', 'tweet.read', 'users.read'] },
  'POST /2/users/:id/bookmarks/folders': { oauth2: ['bookmark.write', 'users.read'] },
  'POST /2/users/:id/following': { oauth1: true, oauth2: ['follows.write', 'tweet.read', 'users.read'] },
  'POST /2/users/:id/likes': { oauth1: true, oauth2: ['like.write', 'tweet.read', 'users.read'] },
  'POST /2/users/:id/muting': { oauth1: true, oauth2: ['mute.write', 'tweet.read', 'users.read'] },
  'POST /2/users/:id/retweets': { oauth1: true, oauth2: ['tweet.read', 'tweet.write', 'users.read'] },
  'POST /2/webhooks': { bearer: true, oauth1: true },
  'PUT /2/activity/subscriptions/:subscription_id': { bearer: true },
  'PUT /2/lists/:id': { oauth1: true, oauth2: ['list.write', 'tweet.read', 'users.read'] },
  // Listings off posts, lists and users; list follow/pin, DM blocks, hidden replies, media, analytics, stream webhooks, replays.
  'GET /2/tweets/:id/liking_users': { oauth1: true, oauth2: ['like.read', 'tweet.read', 'users.read'] },
  'GET /2/tweets/:id/retweeted_by': { bearer: true, oauth1: true, oauth2: ['tweet.read', 'users.read'] },
  'GET /2/tweets/:id/quote_tweets': { bearer: true, oauth1: true, oauth2: ['tweet.read', 'users.read'] },
  'GET /2/tweets/:id/retweets': { bearer: true, oauth1: true, oauth2: ['tweet.read', 'users.read'] },
  'GET /2/users/:id/list_memberships': { bearer: true, oauth1: true, oauth2: ['list.read', 'tweet.read', 'users.read'] },
  'GET /2/users/:id/pinned_lists': { oauth1: true, oauth2: ['list.read', 'tweet.read', 'users.read'] },
  'GET /2/users/:id/muting': { oauth1: true, oauth2: ['mute.read', 'tweet.read', 'users.read'] },
  'GET /2/users/:id/blocking': { oauth1: true, oauth2: ['block.read', 'tweet.read', 'users.read'] },
  'GET /2/users/:id/affiliates': { bearer: true, oauth1: true, oauth2: ['tweet.read', 'users.read'] },
  'GET /2/users/:id/bookmarks': { oauth1: true, oauth2: ['bookmark.read', 'tweet.read', 'users.read'] },
  'GET /2/users/:id/bookmarks/folders': { oauth1: true, oauth2: ['bookmark.read', 'users.read'] },
  'GET /2/users/:id/bookmarks/folders/:folder_id': { oauth1: true, oauth2: ['bookmark.read', 'tweet.read', 'users.read'] },
  'GET /2/users/:id/timelines/reverse_chronological': { oauth1: true, oauth2: ['tweet.read', 'users.read'] },
  'GET /2/users/reposts_of_me': { oauth1: true, oauth2: ['timeline.read', 'tweet.read'] },
  'GET /2/users/search': { oauth1: true, oauth2: ['tweet.read', 'users.read'] },
  'POST /2/users/:id/followed_lists': { oauth1: true, oauth2: ['list.write', 'tweet.read', 'users.read'] },
  'DELETE /2/users/:id/followed_lists/:list_id': { oauth1: true, oauth2: ['list.write', 'tweet.read', 'users.read'] },
  'POST /2/users/:id/pinned_lists': { oauth1: true, oauth2: ['list.write', 'tweet.read', 'users.read'] },
  'DELETE /2/users/:id/pinned_lists/:list_id': { oauth1: true, oauth2: ['list.write', 'tweet.read', 'users.read'] },
  'POST /2/users/:id/dm/block': { oauth1: true, oauth2: ['dm.write', 'tweet.read', 'users.read'] },
  'POST /2/users/:id/dm/unblock': { oauth1: true, oauth2: ['dm.write', 'tweet.read', 'users.read'] },
  'PUT /2/tweets/:tweet_id/hidden': { oauth1: true, oauth2: ['tweet.moderate.write', 'tweet.read', 'users.read'] },
  'GET /2/media': { bearer: true, oauth1: true, oauth2: ['tweet.read'] },
  'GET /2/media/:media_key': { bearer: true, oauth1: true, oauth2: ['tweet.read'] },
  'GET /2/media/analytics': { oauth1: true, oauth2: ['tweet.read'] },
  'POST /2/media/subtitles': { oauth1: true, oauth2: ['media.write'] },
  'DELETE /2/media/subtitles': { oauth1: true, oauth2: ['media.write'] },
  'GET /2/tweets/analytics': { oauth1: true, oauth2: ['tweet.read', 'users.read'] },
  'GET /2/tweets/search/webhooks': { bearer: true },
  'POST /2/tweets/search/webhooks/:webhook_id': { bearer: true },
  'DELETE /2/tweets/search/webhooks/:webhook_id': { bearer: true },
  'POST /2/account_activity/replay/webhooks/:webhook_id/subscriptions/all': { bearer: true },
  'GET /2/insights/28hr': { oauth1: true, oauth2: ['tweet.read'] },
  'GET /2/insights/historical': { oauth1: true, oauth2: ['tweet.read'] },
};

const shape = (path: string) => path.replace(/^\/2\/posts(?=\/|$)/, '/2/tweets').replace(/:\w+/g, ':');
const BY_SHAPE = new Map(Object.entries(RULES).map(([k, rule]) => [k.replace(/ .*/, '') + ' ' + shape(k.replace(/^\S+ /, '')), rule]));

/** The rule of a platform route (its pattern, either spelling), if the table has one. */
export function ruleFor(method: string, routePath: string): AuthRule | undefined {
  return BY_SHAPE.get(`${method} ${shape(routePath)}`);
}

const SUPPORTED = (r: AuthRule) =>
  [r.oauth1 && 'OAuth 1.0a User Context', r.oauth2 && 'OAuth 2.0 User Context', r.bearer && 'OAuth 2.0 Application-Only'].filter(Boolean);

function unsupported(r: AuthRule, used: string): EmuResponse {
  return problem(
    403,
    'unsupported-authentication',
    'Unsupported Authentication',
    `Authenticating with ${used} is forbidden for this endpoint.  Supported authentication types are [${SUPPORTED(r).join(', ')}].`,
  );
}

/** An OAuth 2.0 user token: known, live, allowed here, with every scope the rule names. */
function oauth2User(state: EmulatorState, rule: AuthRule, token: string): AuthInfo | EmuResponse {
  const t = userToken(state, token);
  // The platform answers an expired or revoked user token with a bare 401 problem.
  if (t === 'expired' || (!t && oauth2State(state).tokens.has(token))) return problem(401, 'about:blank', 'Unauthorized', 'Unauthorized');
  if (!t) return INVALID_TOKEN();
  if (!rule.oauth2) return unsupported(rule, 'OAuth 2.0 User Context');
  const granted = t.scope.split(' ');
  const missing = rule.oauth2.filter((s) => !granted.includes(s));
  if (missing.length)
    return problem(
      403,
      'client-forbidden',
      'Forbidden',
      `Your OAuth 2.0 token is missing the scope(s) this endpoint needs: ${missing.join(', ')}.`,
      {
        reason: 'missing-scopes',
        required_scopes: rule.oauth2,
      },
    );
  return { kind: 'user', consumerKey: t.clientId, userId: t.userId, token, scheme: 'oauth2' };
}

/** Authenticates by the table: bearer (app or OAuth 2.0 user token) or OAuth 1.0a, as the rule allows. */
export function authenticateByRule(state: EmulatorState, rule: AuthRule, raw: RawRequestInfo): AuthInfo | EmuResponse {
  const header = raw.authorization ?? '';
  const scheme = header.split(' ')[0]?.toLowerCase();
  if (scheme === 'bearer') {
    const token = header.slice(7).trim();
    const app = [...state.apps.values()].find((a) => a.bearer === token);
    if (app)
      return rule.bearer
        ? { kind: 'app', consumerKey: app.consumerKey, token, scheme: 'bearer' }
        : unsupported(rule, 'OAuth 2.0 Application-Only');
    return oauth2User(state, rule, token);
  }
  if (scheme === 'oauth') {
    if (!rule.oauth1) return unsupported(rule, 'OAuth 1.0a User Context');
    const info = verifyOAuth1(state, raw, false, true);
    return 'status' in info ? info : { ...info, scheme: 'oauth1' };
  }
  return problem(401, 'about:blank', 'Unauthorized', 'Unauthorized');
}
