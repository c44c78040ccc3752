// `postctl ads media list`: account media, filtered by id and creative type.
import { printAdsList } from '../../_ads-list.js';
import { ACCOUNT_MEDIA_PAGE, CREATIVE_TYPES, accountMediaListRequest } from '../../../creatives/account-media.js';
import { enumList, idList } from '../../../validate/creatives-lists.js';
import { accountRef } from '../_account.js';
import { accountOptions, listOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { listParams } from '../_creatives.js';
import { COLUMNS } from './_columns.js';

export default defineVerb({
  name: 'list',
  description: 'list account media',
  examples: ['postctl ads media list', 'postctl ads media list --creative-types PREROLL,VAST_PREROLL --all -o jsonl'],
  options: {
    accountMediaIds: { flags: '--account-media-ids <ids>', description: 'only these account media ids (comma list, up to 200)' },
    creativeTypes: {
      flags: '--creative-types <types>',
      description: `only these creative types (comma list): ${CREATIVE_TYPES.join(', ')}`,
    },
    ...listOptions(ACCOUNT_MEDIA_PAGE),
    ...accountOptions,
  },
  async run(_args, opts, ctx) {
    const query = listParams(opts, ACCOUNT_MEDIA_PAGE, (p) => {
      const ids = idList(p, 'account_media_ids', opts.accountMediaIds);
      const types = enumList(p, 'creative_types', opts.creativeTypes, CREATIVE_TYPES);
      return [
        ...(ids ? [['account_media_ids', ids.join(',')] as [string, string]] : []),
        ...(types ? [['creative_types', types.join(',')] as [string, string]] : []),
      ];
    });
    const t = await accountRef(ctx, opts);
    await printAdsList(ctx, await ctx.client(), accountMediaListRequest(t, query), opts, COLUMNS);
  },
});
