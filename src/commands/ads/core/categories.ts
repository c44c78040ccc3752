// `ads business-categories`, `ads curated-categories list|get`,
// `ads line-item-categories list|get|create|update|delete`.
import { LICC_PAGE, LICC_SORT_FIELDS, businessCategories, createLineItemCategory, curatedCategories, curatedCategory, deleteLineItemCategory, getLineItemCategory, lineItemCategoriesRequest, updateLineItemCategory } from '../../../ads/categories.js';
import { adsApi, listQuery, printAdsList } from '../../../ads/common.js';
import type { BusinessCategory, CuratedCategory, LineItemCuratedCategory } from '../../../ads/types.js';
import type { Context } from '../../../context.js';
import { UsageError, type InputProblem } from '../../../errors.js';
import type { Column } from '../../../output/printer.js';
import { checkSortBy, countryCodes } from '../../../validate/ads-core-params.js';
import { objectFields, throwIfProblems } from './shared.js';
import { accountRef } from '../../ads-account.js';

const BUSINESS_COLUMNS: Column<BusinessCategory>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
  { header: 'iab_categories', key: 'iab_categories' },
];
const CURATED_COLUMNS: Column<CuratedCategory>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
  { header: 'countries', key: 'country_codes' },
  { header: 'videos_30d', key: 'videos_monetized_in_last_thirty_days' },
  { header: 'description', key: 'description' },
];
const LICC_COLUMNS: Column<LineItemCuratedCategory>[] = [
  { header: 'id', key: 'id' },
  { header: 'line_item_id', key: 'line_item_id' },
  { header: 'curated_category_id', key: 'curated_category_id' },
  { header: 'created_at', key: 'created_at' },
  { header: 'deleted', key: 'deleted' },
];

export const business = {
  async run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const client = await ctx.client();
    const res = await businessCategories(client, adsApi(opts));
    ctx.printer.list(res.body.data ?? [], BUSINESS_COLUMNS, res.body);
    return 0;
  },
};

export const curatedList = {
  async run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const codes = countryCodes('country_codes', opts.countryCodes);
    throwIfProblems(codes.problems);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await curatedCategories(client, account, codes.list);
    ctx.printer.list(res.body.data ?? [], CURATED_COLUMNS, res.body);
    if (ctx.format === 'table' && res.body.total_count !== undefined) ctx.log.info(`total_count: ${res.body.total_count}`);
    return 0;
  },
};

export const curatedGet = {
  async run([id]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await curatedCategory(client, account, id!);
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    return 0;
  },
};

export const liccList = {
  async run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    throwIfProblems(checkSortBy(opts.sortBy, LICC_SORT_FIELDS));
    const query = listQuery(opts, LICC_PAGE);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    await printAdsList(ctx, client, lineItemCategoriesRequest(account, query), opts, LICC_COLUMNS);
    return 0;
  },
};

export const liccGet = {
  async run([id]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await getLineItemCategory(client, account, id!, { withDeleted: Boolean(opts.withDeleted) });
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    return 0;
  },
};

function idParams(opts: Record<string, any>, required: boolean): { params: { line_item_id?: string; curated_category_id?: string }; problems: InputProblem[] } {
  const params: { line_item_id?: string; curated_category_id?: string } = {};
  const problems: InputProblem[] = [];
  for (const [key, flag, value] of [['line_item_id', '--line-item-id', opts.lineItemId], ['curated_category_id', '--curated-category-id', opts.curatedCategoryId]] as const) {
    if (value === undefined) {
      if (required) problems.push({ field: key, message: `is required (${flag})` });
    } else if (String(value).trim() === '') problems.push({ field: key, message: 'must not be empty' });
    else params[key] = String(value);
  }
  return { params, problems };
}

export const liccCreate = {
  async run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const { params, problems } = idParams(opts, true);
    throwIfProblems(problems);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await createLineItemCategory(client, account, params as { line_item_id: string; curated_category_id: string });
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`created line item curated category ${res.body.data.id}`);
    return 0;
  },
};

export const liccUpdate = {
  async run([id]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const { params, problems } = idParams(opts, false);
    if (!problems.length && !Object.keys(params).length) throw new UsageError('nothing to update: give --line-item-id and/or --curated-category-id');
    throwIfProblems(problems);
    const account = await accountRef(ctx, opts);
    const client = await ctx.client();
    const res = await updateLineItemCategory(client, account, id!, params);
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`updated line item curated category ${id}`);
    return 0;
  },
};

export const liccRemove = {
  async run([id]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const account = await accountRef(ctx, opts);
    if (!(await ctx.prompt.confirm(`Delete line item curated category ${id}?`, opts.yes))) {
      ctx.log.info('nothing deleted');
      return 0;
    }
    const client = await ctx.client();
    const res = await deleteLineItemCategory(client, account, id!);
    ctx.printer.object(res.body.data, objectFields(res.body.data), res.body);
    ctx.log.success(`deleted line item curated category ${id}`);
    return 0;
  },
};
