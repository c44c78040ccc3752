// `postctl audiences list`: custom audiences of the account (audiences reference,
// GET accounts/:account_id/custom_audiences; the same path name in the
// official and the neutral spelling), one page or every page.
import { listQuery } from '../../ads/common.js';
import { printAdsList } from '../_ads-list.js';
import { customAudiencesRequest } from '../../audiences/api.js';
import type { Column } from '../../output/printer.js';
import { CUSTOM_AUDIENCES_PAGE } from '../../validate/audiences.js';
import { idList } from '../../validate/creatives-lists.js';
import { lengthBetween, Problems } from '../../validate/rules.js';
import { accountRef } from '../ads/_account.js';
import { accountOption, listOptions, sandboxOption } from '../_ads-flags.js';
import { defineVerb } from '../define.js';

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

export default defineVerb({
  name: 'list',
  description: 'list custom audiences of the account (GET …/custom_audiences): id, name, type, size, targetable, permission',
  examples: [
    'postctl audiences list',
    'postctl audiences list --permission-scope SHARED',
    'postctl audiences list --q news --all -o jsonl',
    'postctl audiences list --custom-audience-ids 1qz4s,2hk7w -o json',
  ],
  options: {
    customAudienceIds: { flags: '--custom-audience-ids <ids>', description: 'only these audiences (comma list, up to 200)' },
    permissionScope: {
      flags: '--permission-scope <scope>',
      description: 'OWNER (API default: audiences the account owns) or SHARED (shared with it)',
      choices: ['OWNER', 'SHARED'],
    },
    q: { flags: '--q <text>', description: 'case-insensitive name prefix (1 to 255 characters)' },
    ...listOptions(CUSTOM_AUDIENCES_PAGE),
    account: accountOption,
    sandbox: sandboxOption,
  },
  async run(_args, opts, ctx) {
    const p = new Problems();
    const query: Array<[string, string]> = [];
    const ids = idList(p, 'custom_audience_ids', opts.customAudienceIds);
    const bad = (ids ?? []).filter((id) => !/^[0-9a-z]{1,32}$/.test(id));
    if (bad.length)
      p.add('custom_audience_ids', `must be ads ids (letters a-z and digits); got ${bad.map((b) => JSON.stringify(b)).join(', ')}`);
    if (ids?.length) query.push(['custom_audience_ids', ids.join(',')]);
    if (opts.permissionScope) query.push(['permission_scope', opts.permissionScope]);
    p.check('q', opts.q, [lengthBetween(1, 255)]);
    if (opts.q !== undefined) query.push(['q', opts.q]);
    p.throwIfAny('invalid list filters');
    query.push(...listQuery(opts, CUSTOM_AUDIENCES_PAGE));
    const account = await accountRef(ctx, opts);
    await printAdsList(ctx, await ctx.client(), customAudiencesRequest(account, query), opts, COLUMNS);
  },
});
