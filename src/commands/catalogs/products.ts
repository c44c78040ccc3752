// `catalogs products` (paged list) and `catalogs delete-products`.
import { adsApi, listQuery, printAdsList } from '../../ads/common.js';
import { PRODUCTS_PAGE, catalogPath, deleteProducts, type DeleteProductResult } from '../../catalogs/api.js';
import type { Context } from '../../context.js';
import { PartialFailure, UsageError, InputError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { openInput, readLines } from '../../input/lines.js';
import type { Column } from '../../output/printer.js';
import { integerBetween } from '../../validate/rules.js';

const PRODUCT_COLUMNS: Column[] = [
  { header: 'id', key: 'id' },
  { header: 'product_key', key: 'product_key' },
  { header: 'title', key: 'title' },
  { header: 'price', key: 'price' },
  { header: 'sale_price', key: 'sale_price' },
  { header: 'availability', key: 'availability' },
  { header: 'item_group_id', key: 'item_group_id' },
];

export const list = {
  async run([catalogId]: string[], opts: Record<string, any>, ctx: Context): Promise<void> {
    const query = listQuery(opts, PRODUCTS_PAGE);
    if (opts.itemGroupKey !== undefined) {
      if (!String(opts.itemGroupKey).trim()) throw new InputError('--item-group-key must not be empty');
      query.push(['item_group_key', opts.itemGroupKey]);
    }
    const client = await ctx.client();
    await printAdsList(ctx, client, { api: adsApi(opts), method: 'GET', path: catalogPath(catalogId!, 'products'), query }, opts, PRODUCT_COLUMNS);
  },
};

interface KeyResult {
  product_key: string;
  status: 'DELETED' | 'FAILED';
  message: string | null;
}

async function readKeys(args: string[], file: string | undefined, ctx: Context): Promise<string[]> {
  const keys = new Set<string>();
  for (const a of args) for (const k of a.split(',')) if (k.trim()) keys.add(k.trim());
  if (file !== undefined) {
    if (file === '-' && ctx.io.stdinTTY) throw new UsageError('--file - reads product keys from stdin, but stdin is a terminal', 'pipe the keys in, or pass a file.');
    for await (const { text } of readLines(openInput(file, ctx.io.stdin), { name: file === '-' ? 'stdin' : file })) {
      const k = text.trim();
      if (k && !k.startsWith('#')) keys.add(k);
    }
  }
  return [...keys];
}

export const remove = {
  async run([catalogId, ...keyArgs]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    // The spec states no maximum of keys per request: 100 by default, overridable with --batch-size.
    const bad = integerBetween(1, 1000)(String(opts.batchSize ?? '100'));
    if (bad) throw new InputError(`--batch-size ${bad}`);
    const batchSize = Number(opts.batchSize ?? 100);
    const keys = await readKeys(keyArgs, opts.file, ctx);
    if (keys.length === 0) throw new UsageError('no product keys given', 'pass product keys as arguments or with --file (one per line).');
    const ok = await ctx.prompt.confirm(`Delete ${keys.length} product${keys.length === 1 ? '' : 's'} from catalog ${catalogId} permanently?`, opts.yes);
    if (!ok) {
      ctx.log.info('nothing deleted');
      return EXIT.OK;
    }
    const client = await ctx.client();
    const api = adsApi(opts);
    const results: KeyResult[] = [];
    const raw: DeleteProductResult[] = [];
    for (let i = 0; i < keys.length; i += batchSize) {
      const chunk = keys.slice(i, i + batchSize);
      const res = await deleteProducts(client, api, catalogId!, chunk);
      const entries = Array.isArray(res.body?.data?.delete_products) ? res.body.data.delete_products : [];
      raw.push(...entries);
      const seen = new Set<string>();
      for (const e of entries) {
        if (e.failed_product_key) {
          seen.add(e.failed_product_key);
          results.push({ product_key: e.failed_product_key, status: 'FAILED', message: e.message ?? null });
        } else if (e.product_key) {
          seen.add(e.product_key);
          results.push({ product_key: e.product_key, status: 'DELETED', message: e.message ?? null });
        }
      }
      for (const k of chunk) if (!seen.has(k)) results.push({ product_key: k, status: 'FAILED', message: 'the API returned no result for this key' });
    }
    const columns: Column<KeyResult>[] = [
      { header: 'product_key', key: 'product_key' },
      { header: 'status', key: 'status' },
      { header: 'message', key: 'message' },
    ];
    const failed = results.filter((r) => r.status === 'FAILED');
    ctx.printer.list(ctx.format === 'table' ? (failed.length ? failed : results) : results, columns, { data: { delete_products: raw } });
    const deleted = results.length - failed.length;
    ctx.log.info(`catalog ${catalogId}: ${deleted} DELETED, ${failed.length} FAILED`);
    if (failed.length) throw new PartialFailure(`${failed.length} of ${keys.length} product key${keys.length === 1 ? '' : 's'} could not be deleted`);
    return EXIT.OK;
  },
};
