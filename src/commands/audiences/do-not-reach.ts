// `audiences do-not-reach delete <list_id>`.
import { deleteDoNotReachList } from '../../audiences/api.js';
import type { Context } from '../../context.js';
import { accountRef } from '../ads/_account.js';
import { EXIT } from '../../exit-codes.js';

const FIELDS = ['id', 'name', 'description', 'targetable', 'list_size', 'updated_at', 'deleted'].map((k) => ({ header: k, key: k }));

export async function run([listId]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
  const account = await accountRef(ctx, opts);
  if (!(await ctx.prompt.confirm(`Delete do-not-reach list ${listId} of account ${account.id}?`, opts.yes))) {
    ctx.log.info('nothing deleted');
    return EXIT.OK;
  }
  const client = await ctx.client();
  const res = await deleteDoNotReachList(client, account, listId!);
  ctx.printer.object(res.body?.data ?? {}, FIELDS, res.body);
  ctx.log.success(`deleted do-not-reach list ${listId}`);
  return EXIT.OK;
}
