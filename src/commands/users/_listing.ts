// The owned-data listings of one user (followers, following, posts, mentions,
// liked posts; lists owned and followed): the user as id, @handle or URL (a
// handle costs one lookup), the page flags checked, then the one pager.
import type { Context } from '../../entry/context.js';
import { UsageError } from '../../errors/cli-error.js';
import type { Params } from '../../http/encode.js';
import type { Column } from '../../output/printer.js';
import { chooseAuth } from '../../platform/auth-choice.js';
import { userRefsFromArgs } from '../../platform/refs.js';
import { USER_LISTINGS, resolveUserIds, userListingRequest, type UserListing } from '../../platform/users.js';
import { fieldParamsFromFlags, type FieldFlags } from '../../validate/post-fields.js';
import { userFieldParams, type UserFieldFlags } from '../../validate/user-fields.js';
import { printListing, pageParams, type PageFlags } from '../_listing.js';
import { POST_COLUMNS } from '../_post-fields.js';
import { USER_COLUMNS } from '../_users.js';
import type { NameStyle } from '../../wire/names.js';
import { APP_FIRST } from '../posts/_search.js';

type Flags = PageFlags & { auth?: string | undefined };

async function run(
  ctx: Context,
  what: UserListing,
  user: string,
  flags: Flags,
  fields: (style: NameStyle) => Params,
  columns: Column[],
  noun: string,
  extra: Params = [],
) {
  const client = await ctx.client();
  const selection = fields(client.names);
  const { query, limit } = pageParams(flags, USER_LISTINGS[what].max);
  const refs = userRefsFromArgs([user], 'user');
  if (refs.length !== 1) throw new UsageError('give exactly one user');
  const endpoints = [USER_LISTINGS[what].endpoint, ...(refs[0]!.username !== undefined ? ['GET /2/users/by'] : [])];
  const auth = chooseAuth(await ctx.settings(), { endpoints, prefer: APP_FIRST, flag: flags.auth });
  const [id] = await resolveUserIds(client, refs, auth);
  const req = userListingRequest(client, what, id!, [...query, ...extra, ...selection], auth);
  return printListing(ctx, client, req, columns, { ...flags, ...(limit !== undefined ? { limit: String(limit) } : {}) }, noun);
}

/** followers / following: users. */
export function usersOf(ctx: Context, what: 'followers' | 'following', user: string, flags: Flags & UserFieldFlags) {
  return run(ctx, what, user, flags, (style) => userFieldParams(flags, style), USER_COLUMNS, what);
}

/**
 * posts / mentions / liked: posts, with the posts lookup's field flags and table; `window` is the checked
 * since/until/time window (and exclude) of the timelines that take one.
 */
export function postsOf(ctx: Context, what: 'posts' | 'mentions' | 'liked', user: string, flags: Flags & FieldFlags, window: Params = []) {
  const noun = what === 'liked' ? 'liked posts' : what;
  return run(ctx, what, user, flags, (style) => fieldParamsFromFlags(flags, style), POST_COLUMNS, noun, window);
}

/** lists owned / followed. */
export function listsOf(
  ctx: Context,
  what: 'owned_lists' | 'followed_lists',
  user: string,
  flags: Flags,
  listFields: Params,
  columns: Column[],
) {
  return run(ctx, what, user, flags, () => listFields, columns, 'lists');
}

/** Pages stream before their includes are known: the posts' own fields. */
