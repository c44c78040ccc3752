// `postctl ads campaigns delete <campaign_id>`: irreversible (a repeat answers 404);
// or many from a JSON Lines file of {"campaign_id": …} through the batch
// endpoint's Delete operation (40 per request), every line checked first.
import { deleteCampaign } from '../../../ads/campaigns.js';
import { UsageError } from '../../../errors/cli-error.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { bulkChangeOptions } from '../_bulk.js';
import { deleteFromFile, oneSource, type BulkChange } from '../_bulk-change.js';
import { confirmDelete, yesDelete } from '../_creatives.js';
import { objectFields } from '../_show.js';

const BULK: BulkChange = { resource: 'campaigns', idKey: 'campaign_id', what: 'campaign' };

export default defineVerb({
  name: 'delete [campaign_id]',
  description: 'delete a campaign, or many from --file (irreversible; asks on a terminal, needs --yes otherwise)',
  examples: ['postctl ads campaigns delete 8wku2 --yes'],
  options: {
    yes: yesDelete,
    ...bulkChangeOptions('delete', '{"campaign_id": "8wku2"}'),
    dryRun: { flags: '--dry-run', description: 'with --file: check and print the batch requests; delete nothing' },
    ...writeOptions,
  },
  async run([id], opts, ctx) {
    oneSource(id, opts.file, opts.failed, false, BULK);
    if (opts.dryRun && opts.file === undefined) throw new UsageError('--dry-run goes with --file');
    if (opts.file !== undefined) return deleteFromFile(ctx, { ...opts, file: opts.file }, BULK);
    const account = await accountRef(ctx, opts);
    if (!(await confirmDelete(ctx, `campaign ${id} (irreversible)`, opts.yes))) return 0;
    const res = await deleteCampaign(await ctx.client(), account, id!);
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`deleted campaign ${id}`);
    return 0;
  },
});
