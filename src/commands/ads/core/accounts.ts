// `ads accounts list|get|update|create|delete|apps|history`.
import { ACCOUNT_SORT_FIELDS, APP_SORT_FIELDS, APPS_PAGE, ACCOUNTS_PAGE, HISTORY_PAGE, appsRequest, createSandboxAccount, deleteSandboxAccount, getAccount, historyRequest, listAccountsRequest, updateAccount } from '../../../ads/accounts.js';
import { adsApi, listQuery, printAdsList } from '../../../ads/common.js';
import type { Account, AccountApp, HistoryEntry } from '../../../ads/types.js';
import type { Context } from '../../../context.js';
import { UsageError } from '../../../errors.js';
import type { Column } from '../../../output/printer.js';
import { checkAccountUpdate, checkHistoryQuery, checkSortBy, idList } from '../../../validate/ads-core-params.js';
import { objectFields, requireSandbox, throwIfProblems } from './shared.js';
import { accountRef } from '../../ads-account.js';
import { respell } from '../../../wire/names.js';

const ACCOUNT_COLUMNS: Column<Account>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
  { header: 'business', key: 'business_name' },
  { header: 'industry', key: 'industry_type' },
  { header: 'approval', key: 'approval_status' },
  { header: 'timezone', key: 'timezone' },
  { header: 'deleted', key: 'deleted' },
];

const APP_COLUMNS: Column<AccountApp>[] = [
  { header: 'id', key: 'id' },
  { header: 'os', key: 'os_type' },
  { header: 'app_store_identifier', key: 'app_store_identifier' },
  { header: 'conversion_tracking', key: 'conversion_tracking_enabled' },
  { header: 'deep_link_pattern', key: 'deep_link_pattern' },
];

const HISTORY_COLUMNS: Column<HistoryEntry>[] = [
  { header: 'change_time', key: 'change_time' },
  { header: 'entity', key: 'entity' },
  { header: 'entity_id', key: 'entity_id' },
  { header: 'change_type', key: 'change_type' },
  { header: 'by', get: (h) => h.change_by?.user_id },
  { header: 'changes', get: (h) => Object.keys(h.changes ?? {}) },
];

export const list = {
  async run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const ids = idList('account_ids', opts.accountIds);
    throwIfProblems([...ids.problems, ...checkSortBy(opts.sortBy, ACCOUNT_SORT_FIELDS)]);
    const query = listQuery(opts, ACCOUNTS_PAGE);
    if (ids.list.length) query.push(['account_ids', ids.list.join(',')]);
    if (opts.q !== undefined) query.push(['q', String(opts.q)]);
    const client = await ctx.client();
    await printAdsList(ctx, client, listAccountsRequest(adsApi(opts), query), opts, ACCOUNT_COLUMNS);
    return 0;
  },
};

export const get = {
  async run([id]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const account = await accountRef(ctx, opts, id);
    const client = await ctx.client();
    const res = await getAccount(client, account, { withDeleted: Boolean(opts.withDeleted) });
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    return 0;
  },
};

export const update = {
  async run([id]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const params: { name?: string; industry_type?: string } = {};
    if (opts.name !== undefined) params.name = String(opts.name);
    if (opts.industryType !== undefined) params.industry_type = String(opts.industryType);
    if (!Object.keys(params).length) throw new UsageError('nothing to update: give --name and/or --industry-type');
    throwIfProblems(checkAccountUpdate(params), 'invalid account update');
    const account = await accountRef(ctx, opts, id);
    const client = await ctx.client();
    const res = await updateAccount(client, account, params);
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`updated account ${account.id} (${Object.keys(params).join(', ')})`);
    return 0;
  },
};

export const create = {
  async run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    requireSandbox(opts, 'creating an ad account');
    const client = await ctx.client();
    const res = await createSandboxAccount(client);
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`created sandbox account ${res.body.data.id}`);
    return 0;
  },
};

export const remove = {
  async run([id]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    requireSandbox(opts, 'deleting an ad account');
    if (!(await ctx.prompt.confirm(`Delete sandbox account ${id}?`, opts.yes))) {
      ctx.log.info('nothing deleted');
      return 0;
    }
    const client = await ctx.client();
    const res = await deleteSandboxAccount(client, { id: id!, api: 'ads-sandbox' });
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`deleted sandbox account ${id}`);
    return 0;
  },
};

export const apps = {
  async run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    throwIfProblems(checkSortBy(opts.sortBy, APP_SORT_FIELDS));
    const query = listQuery(opts, APPS_PAGE);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    await printAdsList(ctx, client, appsRequest(account, query), opts, APP_COLUMNS);
    return 0;
  },
};

export const history = {
  async run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const client = await ctx.client();
    // Either spelling of the promoted post type is accepted; the selected one is sent.
    const entityType = opts.entityType === undefined ? undefined : respell('enum.entity_type.', String(opts.entityType), client.names);
    const q = { entity_type: entityType, entity_id: opts.entityId, start_time: opts.startTime, end_time: opts.endTime, user_id: opts.userId } as Record<string, string | undefined>;
    throwIfProblems(checkHistoryQuery(q, client.names), 'invalid account history query');
    const query = listQuery(opts, HISTORY_PAGE);
    for (const [k, v] of Object.entries(q)) if (v !== undefined) query.push([k, v]);
    const account = await accountRef(ctx, opts);
    await printAdsList(ctx, client, historyRequest(account, query), opts, HISTORY_COLUMNS);
    return 0;
  },
};
