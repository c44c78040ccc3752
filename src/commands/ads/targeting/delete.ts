// `postctl ads targeting delete <targeting_criterion_id>`; or many from a JSON
// Lines file of {"targeting_criterion_id": …} through the batch endpoint's Delete
// operation (500 per request), every line checked first.
import { deleteCriterion } from '../../../ads/targeting.js';
import { UsageError } from '../../../errors/cli-error.js';
import { writeOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { bulkChangeOptions } from '../_bulk.js';
import { deleteFromFile, oneSource, type BulkChange } from '../_bulk-change.js';
import { confirmDelete, yesDelete } from '../_creatives.js';
import { objectFields } from '../_show.js';

const BULK: BulkChange = {
  resource: 'targeting_criteria',
  idKey: 'targeting_criterion_id',
  what: 'targeting criterion',
  whats: 'targeting criteria',
};

export default defineVerb({
  name: 'delete [targeting_criterion_id]',
  description: 'remove a targeting criterion from its line item, or many from --file (asks on a terminal, needs --yes otherwise)',
  examples: ['postctl ads targeting delete dpl3a6 --yes', 'postctl ads targeting delete --file criterion-ids.jsonl --yes'],
  options: {
    yes: yesDelete,
    ...bulkChangeOptions('delete', '{"targeting_criterion_id": "dpl3a6"}'),
    dryRun: { flags: '--dry-run', description: 'with --file: check and print the batch requests; delete nothing' },
    ...writeOptions,
  },
  async run([id], opts, ctx) {
    oneSource(id, opts.file, opts.failed, false, BULK);
    if (opts.dryRun && opts.file === undefined) throw new UsageError('--dry-run goes with --file');
    if (opts.file !== undefined) return deleteFromFile(ctx, { ...opts, file: opts.file }, BULK);
    const account = await accountRef(ctx, opts);
    if (!(await confirmDelete(ctx, `targeting criterion ${id}`, opts.yes))) return 0;
    const res = await deleteCriterion(await ctx.client(), account, id!);
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`deleted targeting criterion ${id}`);
    return 0;
  },
});
