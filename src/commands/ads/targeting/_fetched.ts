// The targeting rules that depend on what the account already holds, checked
// with GETs before anything is sent (like `line-items update` checks the
// fetched line item): a custom audience must be targetable (the reference:
// "that audience must be targetable"), and TV_SHOW needs a LOCATION criterion
// on the line item first — in the same file, before it, or already there.
import type { AccountRef } from '../../../ads/types.js';
import { targetingListRequest, type TargetingCriterion } from '../../../ads/targeting.js';
import { getAudience } from '../../../audiences/manage.js';
import { ApiError } from '../../../errors/api-error.js';
import type { InputProblem } from '../../../errors/cli-error.js';
import type { ApiClient } from '../../../http/client.js';
import type { TargetingInput } from '../../../validate/targeting.js';

type Item = { line?: number; c: TargetingInput };
const at = (line: number | undefined) => (line !== undefined ? { line } : {});

async function audienceProblem(client: ApiClient, account: AccountRef, { line, c }: Item): Promise<InputProblem | undefined> {
  try {
    const a = (await getAudience(client, account, c.targeting_value!)).body.data;
    if (a.targetable === false) {
      const why = Array.isArray(a.reasons_not_targetable) ? a.reasons_not_targetable.map(String).join(', ') : 'not targetable';
      return { field: 'targeting_value', message: `custom audience ${c.targeting_value} is not targetable yet (${why})`, ...at(line) };
    }
  } catch (e) {
    if (e instanceof ApiError && e.status === 404)
      return { field: 'targeting_value', message: `custom audience ${c.targeting_value} does not exist in this account`, ...at(line) };
    throw e;
  }
  return undefined;
}

async function hasLocation(client: ApiClient, account: AccountRef, lineItem: string): Promise<boolean> {
  const res = await client.request<{ data?: TargetingCriterion[] }>(
    targetingListRequest(account, [
      ['line_item_ids', lineItem],
      ['count', '1000'],
    ]),
  );
  return (res.body?.data ?? []).some((x) => x.targeting_type === 'LOCATION' && !x.deleted);
}

/** Problems of `items` that need the account's audiences and criteria (GETs only; one per audience and line item). */
export async function fetchedProblems(client: ApiClient, account: AccountRef, items: readonly Item[]): Promise<InputProblem[]> {
  const out: InputProblem[] = [];
  const audiences = new Map<string, InputProblem | undefined>();
  const located = new Map<string, boolean>();
  for (const item of items) {
    const { c } = item;
    if (c.targeting_type === 'LOCATION') located.set(c.line_item_id!, true);
    if ((c.targeting_type === 'CUSTOM_AUDIENCE' || c.targeting_type === 'CUSTOM_AUDIENCE_EXPANDED') && (c.operator_type ?? 'EQ') === 'EQ') {
      if (!audiences.has(c.targeting_value!)) audiences.set(c.targeting_value!, await audienceProblem(client, account, item));
      const p = audiences.get(c.targeting_value!);
      if (p) out.push({ ...p, ...at(item.line) });
    }
    if (c.targeting_type === 'TV_SHOW') {
      if (!located.has(c.line_item_id!)) located.set(c.line_item_id!, await hasLocation(client, account, c.line_item_id!));
      if (!located.get(c.line_item_id!))
        out.push({
          field: 'targeting_type',
          message: `TV_SHOW needs a LOCATION criterion on line item ${c.line_item_id} first`,
          ...at(item.line),
        });
    }
  }
  return out;
}
