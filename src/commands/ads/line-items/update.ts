// `postctl ads line-items update <id>`: only the parameters given are sent
// (never a read-modify-write of the whole object). Static rules first (nothing
// sent on failure), then — unless --no-fetch — the rules that depend on the
// line item's objective and placements, checked against a fresh GET.
import { getLineItem, updateLineItemRequest } from '../../../ads/line-items.js';
import type { AccountRef, LineItem } from '../../../ads/types.js';
import { UsageError } from '../../../errors.js';
import type { ApiClient } from '../../../http/client.js';
import {
  checkAgainstLineItem,
  checkLineItemParams,
  paramsFromFlags,
  type LineItemParams,
  type TypedUnits,
} from '../../../validate/line-item.js';
import { accountOptions } from '../../_ads-flags.js';
import { defineVerb } from '../../define.js';
import { accountRef } from '../_account.js';
import { throwIfProblems } from '../_checks.js';
import { printChange, printDryRun } from '../_dry-run.js';
import { lineItemParamOptions } from './_update-flags.js';

export default defineVerb({
  name: 'update <line_item_id>',
  description:
    "change a line item: only the flags given are sent, after checking the spec's rules (against the fetched line item unless --no-fetch)",
  examples: [
    'postctl ads line-items update 8u94t --entity-status PAUSED',
    'postctl ads line-items update 8u94t --bid-strategy TARGET --bid 2.50',
    'postctl ads line-items update 8u94t --daily-budget 10 --total-budget 37.50 --dry-run',
  ],
  options: [
    ...lineItemParamOptions(),
    {
      flags: '--no-fetch',
      description: 'skip fetching the line item first (its objective and placements are then not checked; the API still checks)',
    },
    { flags: '--dry-run', description: 'check and print the request that would be sent (method, URL, parameters); change nothing' },
    ...accountOptions,
  ],
  async run([id], opts, ctx) {
    const { params, problems, typed } = paramsFromFlags(opts);
    if (Object.keys(params).length === 0 && problems.length === 0)
      throw new UsageError(
        'nothing to update: give at least one parameter flag',
        'see `postctl ads line-items update --help` for the flags.',
      );
    const local = checkLineItemParams(params, typed);
    throwIfProblems([...problems, ...local.problems], 'invalid line item update');
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const warnings = [...local.warnings];
    const before = opts.fetch !== false ? await fetchAndCheck(client, account, id, params, typed, warnings) : undefined;
    for (const w of warnings) ctx.log.warn(w);
    const req = updateLineItemRequest(account, id, params);
    if (opts.dryRun) {
      printDryRun(ctx, client.baseUrl(account.api) + req.path, req, params, before, 'line item');
      return 0;
    }
    const res = await client.request<{ data: LineItem }>(req);
    printChange(ctx, params, before, res.body, 'line item');
    ctx.log.success(`updated line item ${id} (${Object.keys(params).join(', ')})`);
    return 0;
  },
});

/** The line item as it is now, after the rules that depend on it passed; their warnings are added to `warnings`. */
async function fetchAndCheck(
  client: ApiClient,
  account: AccountRef,
  id: string,
  params: LineItemParams,
  typed: TypedUnits,
  warnings: string[],
): Promise<LineItem> {
  const before = (await getLineItem(client, account, id)).body.data;
  const dependent = checkAgainstLineItem(params, before, typed);
  throwIfProblems(dependent.problems, `invalid update for line item ${id} (objective ${before.objective ?? 'unknown'})`);
  warnings.push(...dependent.warnings);
  return before;
}
