// `ads media list|get|delete`: account media.
import { printAdsList } from '../../../ads/common.js';
import { ACCOUNT_MEDIA_PAGE, CREATIVE_TYPES, accountMediaListRequest, deleteAccountMedia, getAccountMedia } from '../../../creatives/account-media.js';
import type { AccountMedia } from '../../../creatives/types.js';
import type { Context } from '../../../context.js';
import type { Column } from '../../../output/printer.js';
import { enumList, idList } from '../../../validate/creatives-lists.js';
import type { VerbModule } from '../../define.js';
import { confirmDelete, listParams, printOne, str } from './shared.js';
import { accountRef } from '../_account.js';

const COLUMNS: Column<AccountMedia>[] = [
  { header: 'id', key: 'id' },
  { header: 'creative_type', key: 'creative_type' },
  { header: 'video_id', key: 'video_id' },
  { header: 'media_url', key: 'media_url' },
  { header: 'created_at', key: 'created_at' },
];
const FIELDS: Column<AccountMedia>[] = [...COLUMNS, { header: 'updated_at', key: 'updated_at' }, { header: 'deleted', key: 'deleted' }];

export const list: VerbModule = {
  async run(_args, opts, ctx: Context) {
    const query = listParams(opts, ACCOUNT_MEDIA_PAGE, (p) => {
      const ids = idList(p, 'account_media_ids', str(opts.accountMediaIds));
      const types = enumList(p, 'creative_types', str(opts.creativeTypes), CREATIVE_TYPES);
      return [...(ids ? [['account_media_ids', ids.join(',')] as [string, string]] : []), ...(types ? [['creative_types', types.join(',')] as [string, string]] : [])];
    });
    const t = await accountRef(ctx, opts);
    await printAdsList(ctx, await ctx.client(), accountMediaListRequest(t, query), opts, COLUMNS);
  },
};

export const get: VerbModule = {
  async run([id], opts, ctx: Context) {
    const t = await accountRef(ctx, opts);
    const res = await getAccountMedia(await ctx.client(), t, id!, Boolean(opts.withDeleted));
    printOne(ctx, res.body, FIELDS);
  },
};

export const remove: VerbModule = {
  async run([id], opts, ctx: Context) {
    const t = await accountRef(ctx, opts);
    if (!(await confirmDelete(ctx, `account media ${id} of account ${t.id}`, opts.yes))) return;
    const res = await deleteAccountMedia(await ctx.client(), t, id!);
    printOne(ctx, res.body, FIELDS);
    ctx.log.success(`deleted account media ${id}`);
  },
};
