// `audiences list`: custom audiences of the account (audiences reference,
// GET accounts/:account_id/custom_audiences; the same path name in the
// official and the neutral spelling), one page or every page.
import { listQuery, printAdsList, type ListFlags } from '../../ads/common.js';
import { customAudiencesRequest } from '../../audiences/api.js';
import type { Context } from '../../context.js';
import type { Column } from '../../output/printer.js';
import { CUSTOM_AUDIENCES_PAGE } from '../../validate/audiences.js';
import { idList } from '../../validate/creatives-lists.js';
import { lengthBetween, Problems } from '../../validate/rules.js';
import type { VerbModule } from '../define.js';
import { accountRef } from '../ads/_account.js';

interface CustomAudience {
  id: string;
  name: string;
  audience_type?: string;
  audience_size?: number | null;
  targetable?: boolean;
  permission_level?: string;
}

const COLUMNS: Column<CustomAudience>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
  { header: 'audience_type', key: 'audience_type' },
  { header: 'audience_size', key: 'audience_size' },
  { header: 'targetable', key: 'targetable' },
  { header: 'permission_level', key: 'permission_level' },
];

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

export const run: VerbModule['run'] = async (_args, opts, ctx: Context) => {
  const p = new Problems();
  const query: Array<[string, string]> = [];
  const ids = idList(p, 'custom_audience_ids', str(opts.customAudienceIds));
  const bad = (ids ?? []).filter((id) => !/^[0-9a-z]{1,32}$/.test(id));
  if (bad.length) p.add('custom_audience_ids', `must be ads ids (letters a-z and digits); got ${bad.map((b) => JSON.stringify(b)).join(', ')}`);
  if (ids?.length) query.push(['custom_audience_ids', ids.join(',')]);
  if (str(opts.permissionScope)) query.push(['permission_scope', opts.permissionScope]);
  p.check('q', str(opts.q), [lengthBetween(1, 255)]);
  if (str(opts.q) !== undefined) query.push(['q', opts.q]);
  p.throwIfAny('invalid list filters');
  query.push(...listQuery(opts as ListFlags, CUSTOM_AUDIENCES_PAGE));
  const account = await accountRef(ctx, opts);
  await printAdsList(ctx, await ctx.client(), customAudiencesRequest(account, query), opts as ListFlags, COLUMNS);
};
