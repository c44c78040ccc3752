// The list, get and delete of the entities under a line item that have nothing
// else (promoted accounts, scheduled promoted posts, tracking tags): one run each,
// the verb files naming the resource, its id filter and its columns.
import type { ListFlags } from '../../ads/common.js';
import { listQuery } from '../../ads/common.js';
import type { accountResource } from '../../ads/resource.js';
import type { Context } from '../../entry/context.js';
import type { ApiClient } from '../../http/client.js';
import type { Column } from '../../output/printer.js';
import { Problems } from '../../validate/rules.js';
import { printAdsList } from '../_ads-list.js';
import { accountRef } from './_account.js';
import { confirmDelete } from './_creatives.js';
import { adsIdsFilter, parentFilter } from './_ids.js';
import { PAGE_1000 } from './_page.js';
import { objectFields } from './_show.js';

type Entity = Record<string, unknown>;
type Resource = ReturnType<typeof accountResource<Entity>>;
type AccountFlags = { account?: string; sandbox?: boolean };

export interface ChildList {
  /** The resource, in the client's wire spelling. */
  resource: (client: ApiClient) => Resource;
  /** The own-ids filter: its query parameter (in the client's spelling) and the flag's value. */
  ids: (client: ApiClient) => string;
  columns: (client: ApiClient) => Column<Entity>[];
}

/** line_item_ids (from --line-item and --line-item-ids), the resource's own ids, the list flags; one page or all. */
export async function runChildList(
  ctx: Context,
  opts: ListFlags & AccountFlags & { lineItem?: string; lineItemIds?: string; ownIds?: string },
  spec: ChildList,
): Promise<number> {
  const client = await ctx.client();
  const p = new Problems();
  const query: Array<[string, string]> = [];
  parentFilter(p, query, 'line_item_ids', opts.lineItem, opts.lineItemIds);
  adsIdsFilter(p, query, spec.ids(client), opts.ownIds);
  p.throwIfAny('invalid list filters');
  query.push(...listQuery(opts, PAGE_1000));
  const account = await accountRef(ctx, opts);
  await printAdsList(ctx, client, spec.resource(client).listRequest(account, query), opts, spec.columns(client));
  return 0;
}

export async function runChildGet(
  ctx: Context,
  id: string,
  opts: AccountFlags & { withDeleted?: boolean },
  resource: (client: ApiClient) => Resource,
): Promise<number> {
  const account = await accountRef(ctx, opts);
  const client = await ctx.client();
  const res = await resource(client).get(client, account, id, Boolean(opts.withDeleted));
  ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
  return 0;
}

export async function runChildDelete(
  ctx: Context,
  id: string,
  opts: AccountFlags & { yes?: boolean },
  what: string,
  resource: (client: ApiClient) => Resource,
): Promise<number> {
  const account = await accountRef(ctx, opts);
  const client = await ctx.client();
  if (!(await confirmDelete(ctx, `${what} ${id}`, opts.yes))) return 0;
  const res = await resource(client).delete(client, account, id);
  ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
  ctx.log.success(`deleted ${what} ${id}`);
  return 0;
}

/** Prints a created entity and says so. */
export function printCreated(ctx: Context, body: { data: Entity }, what: string): number {
  ctx.printer.object(body.data, objectFields(body.data), body);
  ctx.log.success(`created ${what} ${String(body.data?.id ?? '')}`);
  return 0;
}
