// The listing verbs of src/platform/related.ts, written once: the parent (a
// post id or URL, a list id, a user as id, @handle or URL, or the acting user
// when none is given) checked before anything is sent, the authentication
// chosen from the endpoint table, the fields of what the listing returns, then
// one page, --all or --limit through the one pager (printListing).
import type { AuthScheme } from '../auth/endpoint-auth.js';
import type { Context } from '../entry/context.js';
import { InputError, UsageError } from '../errors/cli-error.js';
import type { Params } from '../http/encode.js';
import { v2Cursor } from '../http/paginate.js';
import type { Column } from '../output/printer.js';
import { actingUser } from '../platform/acting-user.js';
import { LIST_FIELD_PARAMS } from '../platform/lists.js';
import { BAD_POST, parseListRef, parsePostRef, userRefsFromArgs } from '../platform/refs.js';
import { RELATED, relatedRequest, type Related, type RelatedListing } from '../platform/related.js';
import { resolveUserIds } from '../platform/users.js';
import { fieldParamsFromFlags, type FieldFlags } from '../validate/post-fields.js';
import { userFieldParams } from '../validate/user-fields.js';
import { authedClient } from './_auth.js';
import { pageParams, printListing, type PageFlags } from './_listing.js';
import { POST_COLUMNS } from './_post-fields.js';
import { USER_COLUMNS } from './_users.js';
import { LIST_COLUMNS } from './lists/_lists.js';

export type RelatedFlags = PageFlags & FieldFlags & { auth?: string | undefined };

const FOLDER_COLUMNS: Column[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name', flex: true },
];
const COLUMNS = { users: USER_COLUMNS, posts: POST_COLUMNS, lists: LIST_COLUMNS, folders: FOLDER_COLUMNS };

function fields(spec: RelatedListing, flags: RelatedFlags, style: Parameters<typeof userFieldParams>[1]): Params {
  if (spec.kind === 'users') return userFieldParams(flags, style);
  if (spec.kind === 'posts') return fieldParamsFromFlags(flags, style);
  return spec.kind === 'lists' ? LIST_FIELD_PARAMS : [];
}

/** The parent's id as far as it is known without a request; a user handle is resolved later. */
function parentRef(spec: RelatedListing, target: string | undefined) {
  if (spec.parent === 'post') {
    const id = parsePostRef(target ?? '');
    if (!id) throw new InputError(`post: ${BAD_POST(target ?? '')}`, [{ field: 'post', message: BAD_POST(target ?? '') }]);
    return { id };
  }
  if (spec.parent === 'user' && target !== undefined) {
    const refs = userRefsFromArgs([target], 'user');
    if (refs.length !== 1) throw new UsageError('give exactly one user');
    return refs[0]!;
  }
  // A pasted list URL stands for its id; anything else is checked where the path is built.
  if (spec.parent === 'list' && target !== undefined) return { id: parseListRef(target) ?? target };
  return { id: target };
}

export interface RelatedRun {
  /** The verb's order of preference among the schemes the endpoint accepts. */
  prefer: readonly AuthScheme[];
  /** What the items are, for "no …" and the paging hint. */
  noun: string;
  /** Query parameters before the page and field ones (users search: query). */
  query?: Params;
}

export async function printRelated(ctx: Context, what: Related, target: string | undefined, flags: RelatedFlags, o: RelatedRun) {
  const spec: RelatedListing = RELATED[what];
  const style = (await ctx.client()).names;
  const selection = fields(spec, flags, style);
  const page = spec.max ? pageParams(flags, spec.max) : { query: [] as Params, limit: undefined };
  const ref = parentRef(spec, target);
  const handle = 'username' in ref && ref.username !== undefined;
  const endpoints = [spec.endpoint, ...(handle ? ['GET /2/users/by'] : [])];
  const { client, auth } = await authedClient(ctx, { endpoints, prefer: o.prefer, flag: flags.auth });
  let id = 'id' in ref ? ref.id : undefined;
  if (handle) [id] = await resolveUserIds(client, [ref], auth);
  else if (spec.parent === 'user' && id === undefined) id = (await actingUser(client, await ctx.settings(), ctx.env, auth)).id;
  const req = relatedRequest(what, id, [...(o.query ?? []), ...page.query, ...selection], style);
  const cursor = spec.cursor ? { ...v2Cursor, param: spec.cursor } : v2Cursor;
  const pageFlags = { ...flags, ...(page.limit !== undefined ? { limit: String(page.limit) } : {}) };
  return printListing(ctx, client, { ...req, auth }, COLUMNS[spec.kind], pageFlags, o.noun, cursor);
}
