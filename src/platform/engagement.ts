// Engagement on posts, users and lists, as the acting user: like, repost,
// bookmark (posts), follow, mute, DM block (users), follow and pin (lists),
// and their undoing. Each action is one
// request whose path carries the acting user's id; the reply's boolean says
// the state afterwards. The service is idempotent (liking a liked post answers
// liked: true); where it refuses a repeat instead ("already retweeted"), that
// is the wanted state too, so it is a success with a note, never an error.
import { ApiError } from '../errors/api-error.js';
import type { ApiClient } from '../http/client.js';
import { idSegment, joinPath, type IdSegment } from '../http/path.js';

export type Action =
  | 'like'
  | 'unlike'
  | 'repost'
  | 'unrepost'
  | 'bookmark'
  | 'unbookmark'
  | 'follow'
  | 'unfollow'
  | 'mute'
  | 'unmute'
  | 'follow_list'
  | 'unfollow_list'
  | 'pin_list'
  | 'unpin_list'
  | 'dm_block'
  | 'dm_unblock';

interface ActionSpec {
  endpoint: string;
  method: 'POST' | 'DELETE';
  /** Path segments after /2/users/{me}/ ; the target is appended for DELETE. */
  collection: string;
  /** The body key naming the target (POST). */
  bodyKey: 'tweet_id' | 'target_user_id' | 'list_id';
  /** The target's id is the path's user (POST /2/users/{target}/dm/block, no body) instead of the acting user's. */
  targetInPath?: true;
  /** The reply's data key and the value it has once the action is done. */
  field: 'liked' | 'retweeted' | 'bookmarked' | 'following' | 'muting' | 'pinned' | 'blocked';
  want: boolean;
  target: 'post' | 'user' | 'list';
  /** Past tense for output. */
  done: string;
}

/**
 * Documented per-user limits of the write endpoints: 50 requests per 15 minutes
 * each (https://docs.x.com/x-api/fundamentals/rate-limits — likes, retweets,
 * bookmarks, follows and mutes, POST and DELETE alike).
 */
export const ENGAGEMENT_LIMIT = { max: 50, windowMs: 15 * 60_000 } as const;

const post = (collection: string, field: ActionSpec['field'], done: string, endpoint: string): ActionSpec => ({
  endpoint,
  method: 'POST',
  collection,
  bodyKey: 'tweet_id',
  field,
  want: true,
  target: 'post',
  done,
});

const onList = (collection: string, field: 'following' | 'pinned', done: string, endpoint: string): ActionSpec => ({
  ...post(collection, field, done, endpoint),
  bodyKey: 'list_id',
  target: 'list',
});

const dmBlock = (collection: string, want: boolean, done: string, endpoint: string): ActionSpec => ({
  ...post(collection, 'blocked', done, endpoint),
  bodyKey: 'target_user_id',
  target: 'user',
  targetInPath: true,
  want,
});

export const ACTIONS: Record<Action, ActionSpec> = {
  like: post('likes', 'liked', 'liked', 'POST /2/users/{id}/likes'),
  unlike: { ...post('likes', 'liked', 'unliked', 'DELETE /2/users/{id}/likes/{tweet_id}'), method: 'DELETE', want: false },
  repost: post('retweets', 'retweeted', 'reposted', 'POST /2/users/{id}/retweets'),
  unrepost: {
    ...post('retweets', 'retweeted', 'unreposted', 'DELETE /2/users/{id}/retweets/{source_tweet_id}'),
    method: 'DELETE',
    want: false,
  },
  bookmark: post('bookmarks', 'bookmarked', 'bookmarked', 'POST /2/users/{id}/bookmarks'),
  unbookmark: {
    ...post('bookmarks', 'bookmarked', 'unbookmarked', 'DELETE /2/users/{id}/bookmarks/{tweet_id}'),
    method: 'DELETE',
    want: false,
  },
  follow: { ...post('following', 'following', 'followed', 'POST /2/users/{id}/following'), bodyKey: 'target_user_id', target: 'user' },
  unfollow: {
    ...post('following', 'following', 'unfollowed', 'DELETE /2/users/{source_user_id}/following/{target_user_id}'),
    bodyKey: 'target_user_id',
    target: 'user',
    method: 'DELETE',
    want: false,
  },
  mute: { ...post('muting', 'muting', 'muted', 'POST /2/users/{id}/muting'), bodyKey: 'target_user_id', target: 'user' },
  unmute: {
    ...post('muting', 'muting', 'unmuted', 'DELETE /2/users/{source_user_id}/muting/{target_user_id}'),
    bodyKey: 'target_user_id',
    target: 'user',
    method: 'DELETE',
    want: false,
  },
  follow_list: onList('followed_lists', 'following', 'followed', 'POST /2/users/{id}/followed_lists'),
  unfollow_list: {
    ...onList('followed_lists', 'following', 'unfollowed', 'DELETE /2/users/{id}/followed_lists/{list_id}'),
    method: 'DELETE',
    want: false,
  },
  pin_list: onList('pinned_lists', 'pinned', 'pinned', 'POST /2/users/{id}/pinned_lists'),
  unpin_list: {
    ...onList('pinned_lists', 'pinned', 'unpinned', 'DELETE /2/users/{id}/pinned_lists/{list_id}'),
    method: 'DELETE',
    want: false,
  },
  dm_block: dmBlock('dm/block', true, 'blocked from sending direct messages', 'POST /2/users/{id}/dm/block'),
  dm_unblock: dmBlock('dm/unblock', false, 'unblocked for direct messages', 'POST /2/users/{id}/dm/unblock'),
};

export interface ActionResult {
  id: string;
  action: Action;
  /** The state the service reports afterwards (e.g. liked: true). */
  state: boolean;
  /** Set when the wanted state held already or the follow waits for approval. */
  note?: string;
  pending_follow?: boolean;
}

/** "You cannot retweet a Tweet that you have already retweeted." and its kin: the wanted state holds. */
const ALREADY = /already|not (?:liked|retweeted|following|muting|bookmarked|pinned|blocked)/i;

/** The request an action sends for one target: what --dry-run prints. */
export function plannedAction(action: Action, me: string, target: string): { method: string; path: string; body?: Record<string, string> } {
  const spec = ACTIONS[action];
  const meSeg: IdSegment = idSegment(me, 'numeric', 'acting user id');
  const targetSeg = idSegment(target, 'numeric', `${spec.target} id`);
  if (spec.targetInPath) return { method: 'POST', path: joinPath('2', 'users', targetSeg, ...spec.collection.split('/')) };
  if (spec.method === 'POST')
    return { method: 'POST', path: joinPath('2', 'users', meSeg, spec.collection), body: { [spec.bodyKey]: target } };
  return { method: 'DELETE', path: joinPath('2', 'users', meSeg, spec.collection, targetSeg) };
}

export async function perform(client: ApiClient, action: Action, me: string, target: string): Promise<ActionResult> {
  const spec = ACTIONS[action];
  const planned = plannedAction(action, me, target);
  try {
    const res = await client.request<{ data?: Record<string, unknown> }>({
      method: planned.method,
      path: planned.path,
      ...(planned.body ? { json: planned.body } : {}),
    });
    const data = res.body?.data ?? {};
    const state = data[spec.field] === true;
    return {
      id: target,
      action,
      state,
      ...(data.pending_follow === true ? { pending_follow: true, note: 'follow request sent: the account approves followers' } : {}),
    };
  } catch (e) {
    // A refusal that says the wanted state holds already is the outcome asked for.
    if (e instanceof ApiError && (e.status === 403 || e.status === 400) && ALREADY.test(e.message))
      return { id: target, action, state: spec.want, note: `already ${spec.done}` };
    throw e;
  }
}
