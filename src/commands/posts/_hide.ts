// `posts hide|unhide`: one reply to a post of the authenticated user, hidden or shown (PUT /2/tweets/{tweet_id}/hidden).
import type { Context } from '../../entry/context.js';
import { InputError } from '../../errors/cli-error.js';
import { BAD_POST, parsePostRef } from '../../platform/refs.js';
import { hideReplyRequest } from '../../platform/single.js';
import { USER_CONTEXT, authedClient } from '../_auth.js';
import { authOption } from '../_flags.js';
import { lifecycleDryRun, printRequests } from '../_lifecycle.js';

export const hideOptions = {
  auth: authOption('user (OAuth 1.0a) when held, else oauth2 (tweet.moderate.write)'),
  dryRun: lifecycleDryRun,
} as const;

export async function setHidden(ctx: Context, post: string, hidden: boolean, flag: string | undefined, dryRun = false): Promise<number> {
  const id = parsePostRef(post);
  if (!id) throw new InputError(`reply: ${BAD_POST(post)}`, [{ field: 'reply', message: BAD_POST(post) }]);
  const { client } = await authedClient(ctx, { endpoints: ['PUT /2/tweets/{tweet_id}/hidden'], prefer: USER_CONTEXT, flag });
  if (dryRun) return printRequests(ctx, [hideReplyRequest(id, hidden, client.names)]);
  const res = await client.request<{ data?: { hidden?: unknown } }>(hideReplyRequest(id, hidden, client.names));
  ctx.printer.object({ id, hidden: res.body?.data?.hidden === true }, undefined, res.body);
  ctx.log.success(`reply ${id} ${hidden ? 'hidden' : 'shown again'}`);
  return 0;
}
