// `catalogs sets get|create`: product sets, MANUAL (product keys) or FILTERED
// (attribute filters), with their processing_status.
import { adsApi } from '../../ads/common.js';
import { FILTER_ATTRIBUTES, FILTER_OPERATORS, createProductSet, getProductSet, type NewProductSet, type ProductFilter, type ProductSet } from '../../catalogs/api.js';
import type { Context } from '../../context.js';
import { PartialFailure, UsageError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import type { ApiClient, ApiName } from '../../http/client.js';
import { sleep } from '../../http/backoff.js';
import { openInput, readLines } from '../../input/lines.js';
import type { Column } from '../../output/printer.js';
import { Problems, commaList } from '../../validate/rules.js';

const FIELDS: Column<ProductSet>[] = [
  { header: 'id', key: 'id' },
  { header: 'name', key: 'name' },
  { header: 'description', key: 'description' },
  { header: 'type', key: 'type' },
  { header: 'processing_status', key: 'processing_status' },
  { header: 'product_ids', get: (s) => (s.product_ids ?? []).join(', ') },
  { header: 'filters', get: (s) => (s.filters ?? []).map((f) => `${f.attribute}:${f.operator}:${f.value}`).join('; ') },
];

/** 'price:LESS_THAN:50 USD' → a filter; the value may itself hold colons. */
export function parseFilter(raw: string, problems: Problems): ProductFilter | undefined {
  const i = raw.indexOf(':');
  const j = i < 0 ? -1 : raw.indexOf(':', i + 1);
  if (i < 0 || j < 0) {
    problems.add('--filter', `expects attribute:OPERATOR:value, e.g. "price:LESS_THAN:50 USD" (got ${JSON.stringify(raw)})`);
    return undefined;
  }
  const attribute = raw.slice(0, i).trim();
  const operator = raw.slice(i + 1, j).trim().toUpperCase();
  const value = raw.slice(j + 1).trim();
  let ok = true;
  if (!(FILTER_ATTRIBUTES as readonly string[]).includes(attribute)) {
    problems.add('--filter', `${JSON.stringify(attribute)} is not a filter attribute; use one of ${FILTER_ATTRIBUTES.join(', ')}`);
    ok = false;
  }
  if (!(FILTER_OPERATORS as readonly string[]).includes(operator)) {
    problems.add('--filter', `${JSON.stringify(raw.slice(i + 1, j).trim())} is not a filter operator; use one of ${FILTER_OPERATORS.join(', ')}`);
    ok = false;
  }
  if (!value) {
    problems.add('--filter', `${JSON.stringify(raw)} has no value after the operator`);
    ok = false;
  }
  return ok ? { attribute, operator, value } : undefined;
}

async function keysFromFile(file: string, ctx: Context): Promise<string[]> {
  const keys: string[] = [];
  for await (const { text } of readLines(openInput(file, ctx.io.stdin), { name: file === '-' ? 'stdin' : file })) {
    const k = text.trim();
    if (k && !k.startsWith('#')) keys.push(k);
  }
  return keys;
}

/** Polls the set until it leaves PROCESSING, backing off from 0.5 s to 10 s. */
async function waitForSet(client: ApiClient, api: ApiName, catalogId: string, set: ProductSet, envelope: unknown, ctx: Context): Promise<{ set: ProductSet; envelope: unknown }> {
  let delay = 500;
  while (set.processing_status === 'PROCESSING') {
    ctx.log.verbose(`product set ${set.id} is PROCESSING; checking again in ${delay} ms`);
    await sleep(delay, ctx.signal);
    delay = Math.min(delay * 2, 10_000);
    const res = await getProductSet(client, api, catalogId, set.id);
    set = res.body.data;
    envelope = res.body;
  }
  return { set, envelope };
}

function show(ctx: Context, set: ProductSet, envelope: unknown, catalogId: string, waited: boolean): number {
  ctx.printer.object(set, FIELDS, envelope);
  if (set.processing_status === 'PROCESSING' && ctx.format === 'table') ctx.log.info(`processing_status PROCESSING: check again with \`postctl catalogs sets get ${catalogId} ${set.id}\` (or --wait)`);
  if (set.processing_status === 'FAILED') {
    if (waited) throw new PartialFailure(`product set ${set.id} failed to process (processing_status FAILED)`);
    ctx.log.warn(`product set ${set.id} failed to process (processing_status FAILED)`);
  }
  return EXIT.OK;
}

export const get = {
  async run([catalogId, setId]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const api = adsApi(opts);
    const client = await ctx.client();
    const res = await getProductSet(client, api, catalogId!, setId!);
    let set = res.body.data;
    let envelope: unknown = res.body;
    if (opts.wait) ({ set, envelope } = await waitForSet(client, api, catalogId!, set, envelope, ctx));
    return show(ctx, set, envelope, catalogId!, Boolean(opts.wait));
  },
};

export const create = {
  async run([catalogId]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
    const problems = new Problems();
    const name = typeof opts.name === 'string' ? opts.name.trim() : '';
    if (!name) problems.add('--name', 'is required');
    const type = opts.type as NewProductSet['type'] | undefined;
    if (!type) problems.add('--type', 'is required: MANUAL (with product keys) or FILTERED (with filters)');
    const keys = commaList(opts.productKey as string[] | undefined);
    if (opts.productKeysFile !== undefined) keys.push(...(await keysFromFile(opts.productKeysFile, ctx)));
    const filters: ProductFilter[] = [];
    for (const raw of (opts.filter as string[] | undefined) ?? []) {
      const f = parseFilter(raw, problems);
      if (f) filters.push(f);
    }
    const hadFilters = ((opts.filter as string[] | undefined) ?? []).length > 0;
    if (type === 'MANUAL') {
      if (keys.length === 0) problems.add('--product-key', 'a MANUAL set needs product keys (--product-key or --product-keys-file)');
      if (hadFilters) problems.add('--filter', 'filters belong to FILTERED sets; a MANUAL set takes product keys');
    } else if (type === 'FILTERED') {
      if (!hadFilters) problems.add('--filter', 'a FILTERED set needs at least one --filter attribute:OPERATOR:value');
      if (keys.length) problems.add('--product-key', 'product keys belong to MANUAL sets; a FILTERED set takes filters');
    }
    problems.throwIfAny('invalid product set');
    const body: NewProductSet = { name, type: type!, ...(opts.description ? { description: String(opts.description) } : {}), ...(type === 'MANUAL' ? { product_keys: [...new Set(keys)] } : { filters }) };
    const api = adsApi(opts);
    const client = await ctx.client();
    const res = await createProductSet(client, api, catalogId!, body);
    let set = res.body.data;
    let envelope: unknown = res.body;
    ctx.log.success(`created product set ${set.id} (${set.type}, processing_status ${set.processing_status})`);
    if (opts.wait) ({ set, envelope } = await waitForSet(client, api, catalogId!, set, envelope, ctx));
    return show(ctx, set, envelope, catalogId!, Boolean(opts.wait));
  },
};
