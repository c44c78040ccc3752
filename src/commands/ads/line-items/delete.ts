// `postctl ads line-items delete <line_item_id>`: irreversible; a repeat delete says "already deleted";
// or many from a JSON Lines file of {"line_item_id": …} through the batch endpoint's Delete operation
// (40 per request), every line checked first.
import { deleteLineItem, getLineItem } from '../../../ads/line-items.js';
import type { AccountRef } from '../../../ads/types.js';
import { ApiError } from '../../../errors/api-error.js';
import type { Context } from '../../../entry/context.js';
import { CliError, UsageError } from '../../../errors/cli-error.js';
import { EXIT } from '../../../errors/exit-codes.js';
import { writeOptions } from '../../_ads-flags.js';
import { yesOption } from '../../_flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { bulkChangeOptions } from '../_bulk.js';
import { deleteFromFile, oneSource, type BulkChange } from '../_bulk-change.js';
import { objectFields } from '../_show.js';

const BULK: BulkChange = { resource: 'line_items', idKey: 'line_item_id', what: 'line item' };

const NO_CASCADE = 'promoted posts under it are not deleted: they keep deleted=false and are listed only with with_deleted=true';

export default defineVerb({
  name: 'delete [line_item_id]',
  description:
    'delete a line item, or many from --file (irreversible; promoted posts under it are not deleted; asks on a terminal, needs --yes otherwise)',
  examples: ['postctl ads line-items delete 8u94t --yes'],
  options: {
    yes: yesOption(),
    ...bulkChangeOptions('delete', '{"line_item_id": "8u94t"}'),
    dryRun: { flags: '--dry-run', description: 'with --file: check and print the batch requests; delete nothing' },
    ...writeOptions,
  },
  async run([id], opts, ctx) {
    oneSource(id, opts.file, opts.failed, false, BULK);
    if (opts.dryRun && opts.file === undefined) throw new UsageError('--dry-run goes with --file');
    if (opts.file !== undefined) return deleteFromFile(ctx, { ...opts, file: opts.file }, BULK);
    const account = await accountRef(ctx, opts);
    if (!(await ctx.prompt.confirm(`Delete line item ${id} (irreversible; promoted posts under it are not deleted)?`, opts.yes))) {
      ctx.log.info('nothing deleted');
      return 0;
    }
    const client = await ctx.client();
    const res = await deleteLineItem(client, account, id!).catch(async (e: unknown) => {
      if (e instanceof ApiError && e.status === 404) throw await explain404(ctx, account, id!, e);
      throw e;
    });
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`deleted line item ${id} (irreversible)`);
    ctx.log.info(`note: ${NO_CASCADE}.`);
    return 0;
  },
});

/** A repeat delete answers 404: say "already deleted" when the line item exists with deleted=true. */
async function explain404(ctx: Context, account: AccountRef, id: string, original: ApiError): Promise<CliError> {
  const client = await ctx.client();
  const found = await getLineItem(client, account, id, { withDeleted: true }).then(
    (r) => r.body.data,
    () => undefined,
  );
  if (found?.deleted) {
    return new CliError(`line item ${id} is already deleted (deletion is irreversible; the API answers 404 to a repeat delete)`, {
      exitCode: EXIT.NOT_FOUND,
      code: 'already_deleted',
      cause: original,
    });
  }
  return new CliError(`line item ${id} not found in account ${account.id}`, {
    exitCode: EXIT.NOT_FOUND,
    code: 'not_found',
    hint: 'check the id and --account (and --sandbox).',
    cause: original,
  });
}
