// `postctl audiences targeted <custom_audience_id>`: campaigns and line items using the audience.
import { listQuery } from '../../ads/common.js';
import { printAdsList } from '../_ads-list.js';
import { targetedRequest } from '../../audiences/api.js';
import { EXIT } from '../../errors/exit-codes.js';
import type { Column } from '../../output/printer.js';
import { accountRef } from '../ads/_account.js';
import { accountOption, pagingOptions, sandboxOption } from '../_ads-flags.js';
import { defineVerb } from '../define.js';

interface Targeted {
  campaign_id: string;
  campaign_name: string;
  line_items: Array<{ id: string; name: string; servable: boolean }>;
}

const COLUMNS: Column<Targeted>[] = [
  { header: 'campaign_id', key: 'campaign_id' },
  { header: 'campaign_name', key: 'campaign_name' },
  {
    header: 'line_items',
    get: (t) => (t.line_items ?? []).map((l) => `${l.id} ${l.name}${l.servable === false ? ' (not servable)' : ''}`).join('; '),
  },
];

export default defineVerb({
  name: 'targeted <custom_audience_id>',
  description: 'campaigns and line items that target a custom audience',
  examples: ['postctl audiences targeted 1qz4s', 'postctl audiences targeted 1qz4s --with-active=false -o json'],
  options: {
    withActive: {
      flags: '--with-active <bool>',
      description: 'true (API default): servable line items only; false: include line items that are not servable',
      choices: ['true', 'false'],
    },
    ...pagingOptions,
    account: accountOption,
    sandbox: sandboxOption,
  },
  async run([audience], opts, ctx) {
    // No count parameter on this endpoint: only the cursor and with_active.
    const query = listQuery({ cursor: opts.cursor, limit: opts.limit }, { min: 1, max: 1000 });
    if (opts.withActive !== undefined) query.push(['with_active', opts.withActive]);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    await printAdsList(ctx, client, targetedRequest(account, audience, query), opts, COLUMNS);
    return EXIT.OK;
  },
});
