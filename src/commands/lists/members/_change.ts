// lists members add|remove: users as ids, @handles or URLs (handles resolved
// with one lookup per 100), one request per user, --dry-run sends nothing.
import type { Context } from '../../../entry/context.js';
import { CliError, PartialFailure, UsageError } from '../../../errors/cli-error.js';
import { listPlans } from '../../../platform/lists.js';
import { userRefsFromArgs } from '../../../platform/refs.js';
import { resolveUserIds } from '../../../platform/users.js';
import { send, type Planned } from '../../../platform/webhook-lifecycle.js';
import { USER_CONTEXT, authedClient } from '../../_auth.js';
import { printPlanned } from '../../_lifecycle.js';

export async function changeMembers(
  ctx: Context,
  op: 'add' | 'remove',
  listId: string,
  users: readonly string[],
  opts: { dryRun?: boolean | undefined; yes?: boolean | undefined; auth?: string | undefined },
): Promise<number> {
  const refs = userRefsFromArgs(users, 'user');
  if (!refs.length) throw new UsageError('no users given');
  const plan = (u: string): Planned => (op === 'add' ? listPlans.addMember(listId, u) : listPlans.removeMember(listId, u));
  plan('0');
  const endpoints = [
    op === 'add' ? 'POST /2/lists/{id}/members' : 'DELETE /2/lists/{id}/members/{user_id}',
    ...(refs.some((r) => r.username) ? ['GET /2/users/by'] : []),
  ];
  const { client, auth } = await authedClient(ctx, { endpoints, prefer: USER_CONTEXT, flag: opts.auth });
  const ids = await resolveUserIds(client, refs, auth);
  if (opts.dryRun) return printPlanned(ctx, ids.map(plan));
  if (
    op === 'remove' &&
    !(await ctx.prompt.confirm(`Remove ${ids.length} member${ids.length > 1 ? 's' : ''} from list ${listId}?`, opts.yes))
  )
    return 0;
  const rows: Array<{ user_id: string; is_member: unknown }> = [];
  let failed = 0;
  for (const id of ids) {
    try {
      const body = await send<{ data?: { is_member?: boolean } }>(client, plan(id));
      rows.push({ user_id: id, is_member: body.data?.is_member ?? null });
    } catch (e) {
      if (ids.length === 1 || !(e instanceof CliError)) throw e;
      failed++;
      ctx.log.warn(`user ${id}: ${e.message}`);
    }
  }
  ctx.printer.list(
    rows,
    [
      { header: 'user_id', key: 'user_id' },
      { header: 'is_member', key: 'is_member' },
    ],
    { data: rows },
  );
  if (failed) throw new PartialFailure(`${failed} of ${ids.length} users failed`);
  return 0;
}
