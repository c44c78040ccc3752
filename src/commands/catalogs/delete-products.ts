// `postctl catalogs delete-products <catalog_id> [product_keys...]`: permanent,
// so it asks first; sends the keys in batches and reports the keys that failed.
import { adsApi } from '../../ads/common.js';
import { deleteProducts, type DeleteProductResult } from '../../catalogs/api.js';
import type { Context } from '../../entry/context.js';
import { InputError, PartialFailure, UsageError } from '../../errors/cli-error.js';
import { EXIT } from '../../errors/exit-codes.js';
import type { ApiClient, ApiName } from '../../http/client.js';
import { openInput, readLines } from '../../input/lines.js';
import type { Column } from '../../output/printer.js';
import { integerBetween } from '../../validate/rules.js';
import { sandboxOption } from '../_ads-flags.js';
import { defineVerb } from '../define.js';
import { yes } from './_catalog.js';

interface KeyResult {
  product_key: string;
  status: 'DELETED' | 'FAILED';
  message: string | null;
}

const COLUMNS: Column<KeyResult>[] = [
  { header: 'product_key', key: 'product_key' },
  { header: 'status', key: 'status' },
  { header: 'message', key: 'message' },
];

export default defineVerb({
  name: 'delete-products <catalog_id> [product_keys...]',
  description: 'delete products by product_key (permanent: asks on a terminal, needs --yes otherwise); reports keys that failed',
  examples: ['postctl catalogs delete-products 1456789 pk-1 pk-2 --yes', 'postctl catalogs delete-products 1456789 --file keys.txt --yes'],
  options: {
    file: { flags: '-f, --file <path>', description: 'product keys, one per line (- for stdin)' },
    batchSize: { flags: '--batch-size <n>', description: 'keys per request (1 to 1000)', default: '100' },
    yes: yes,
    sandbox: sandboxOption,
  },
  async run([catalogId, ...keyArgs], opts, ctx) {
    // The spec states no maximum of keys per request: 100 by default, overridable with --batch-size.
    const bad = integerBetween(1, 1000)(String(opts.batchSize ?? '100'));
    if (bad) throw new InputError(`--batch-size ${bad}`);
    const batchSize = Number(opts.batchSize ?? 100);
    const keys = await readKeys(keyArgs, opts.file, ctx);
    if (keys.length === 0) throw new UsageError('no product keys given', 'pass product keys as arguments or with --file (one per line).');
    const ok = await ctx.prompt.confirm(
      `Delete ${keys.length} product${keys.length === 1 ? '' : 's'} from catalog ${catalogId} permanently?`,
      opts.yes,
    );
    if (!ok) {
      ctx.log.info('nothing deleted');
      return EXIT.OK;
    }
    const { results, raw } = await deleteInBatches(await ctx.client(), adsApi(opts), catalogId, keys, batchSize);
    const failed = results.filter((r) => r.status === 'FAILED');
    ctx.printer.list(ctx.format === 'table' ? (failed.length ? failed : results) : results, COLUMNS, { data: { delete_products: raw } });
    const deleted = results.length - failed.length;
    ctx.log.info(`catalog ${catalogId}: ${deleted} DELETED, ${failed.length} FAILED`);
    if (failed.length)
      throw new PartialFailure(`${failed.length} of ${keys.length} product key${keys.length === 1 ? '' : 's'} could not be deleted`);
    return EXIT.OK;
  },
});

/** Keys from the arguments (commas also separate) and --file, without repeats. */
async function readKeys(args: string[], file: string | undefined, ctx: Context): Promise<string[]> {
  const keys = new Set<string>();
  for (const a of args) for (const k of a.split(',')) if (k.trim()) keys.add(k.trim());
  if (file !== undefined) {
    if (file === '-' && ctx.io.stdinTTY)
      throw new UsageError('--file - reads product keys from stdin, but stdin is a terminal', 'pipe the keys in, or pass a file.');
    for await (const { text } of readLines(openInput(file, ctx.io), { name: file === '-' ? 'stdin' : file })) {
      const k = text.trim();
      if (k && !k.startsWith('#')) keys.add(k);
    }
  }
  return [...keys];
}

/** One request per batch of keys; a key the API says nothing about counts as FAILED. */
async function deleteInBatches(
  client: ApiClient,
  api: ApiName,
  catalogId: string,
  keys: string[],
  batchSize: number,
): Promise<{ results: KeyResult[]; raw: DeleteProductResult[] }> {
  const results: KeyResult[] = [];
  const raw: DeleteProductResult[] = [];
  for (let i = 0; i < keys.length; i += batchSize) {
    const chunk = keys.slice(i, i + batchSize);
    const res = await deleteProducts(client, api, catalogId, chunk);
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
    for (const k of chunk)
      if (!seen.has(k)) results.push({ product_key: k, status: 'FAILED', message: 'the API returned no result for this key' });
  }
  return { results, raw };
}
