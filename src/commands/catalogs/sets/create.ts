// `postctl catalogs sets create <catalog_id>`: a MANUAL set (product keys) or a
// FILTERED set (attribute filters); every problem is reported before anything is sent.
import { adsApi } from '../../../ads/common.js';
import { FILTER_ATTRIBUTES, FILTER_OPERATORS, createProductSet, type NewProductSet, type ProductFilter } from '../../../catalogs/api.js';
import type { Context } from '../../../entry/context.js';
import { openInput, readLines } from '../../../input/lines.js';
import { Problems, commaList } from '../../../validate/rules.js';
import { sandboxOption } from '../../_ads-flags.js';
import { defineVerb, type OptionsOf } from '../../define.js';
import { show, waitForSet, waitOption } from './_sets.js';

const FILTER_ATTRIBUTES_HELP = 'price, product_type, google_product_category, sale_price, inventory, custom_label_0 to custom_label_4';
const FILTER_OPERATORS_HELP = 'GREATER_THAN, EQUAL_TO, LESS_THAN, MATCH, NOT_CONTAINS, CONTAINS';

const OPTIONS = {
  name: { flags: '--name <name>', description: 'set name (required)' },
  type: { flags: '--type <type>', description: 'MANUAL (needs product keys) or FILTERED (needs filters)', choices: ['MANUAL', 'FILTERED'] },
  description: { flags: '--description <text>', description: 'set description' },
  productKey: {
    flags: '--product-key <key>',
    description: 'product key of a MANUAL set (repeatable; commas also separate keys)',
    repeatable: true,
  },
  productKeysFile: { flags: '--product-keys-file <path>', description: 'product keys of a MANUAL set, one per line (- for stdin)' },
  filter: {
    flags: '--filter <attribute:OPERATOR:value>',
    description: `filter of a FILTERED set (repeatable); attributes: ${FILTER_ATTRIBUTES_HELP}; operators: ${FILTER_OPERATORS_HELP}`,
    repeatable: true,
  },
  wait: waitOption,
  sandbox: sandboxOption,
} as const;

export default defineVerb({
  name: 'create <catalog_id>',
  description: 'create a product set: MANUAL from product keys, FILTERED from attribute filters',
  examples: [
    'postctl catalogs sets create 1456789 --name "Best sellers" --type MANUAL --product-key pk-1 --product-key pk-2',
    'postctl catalogs sets create 1456789 --name "Cheap shoes" --type FILTERED --filter "price:LESS_THAN:50 USD" --filter "product_type:CONTAINS:Shoes"',
  ],
  options: OPTIONS,
  async run([catalogId], opts, ctx) {
    const body = await newProductSet(opts, ctx);
    const api = adsApi(opts);
    const client = await ctx.client();
    const res = await createProductSet(client, api, catalogId, body);
    let set = res.body.data;
    let envelope: unknown = res.body;
    ctx.log.success(`created product set ${set.id} (${set.type}, processing_status ${set.processing_status})`);
    if (opts.wait) ({ set, envelope } = await waitForSet(client, api, catalogId, set, envelope, ctx));
    return show(ctx, set, envelope, catalogId, Boolean(opts.wait));
  },
});

/** The request body from the flags; throws every problem at once (exit 6). */
async function newProductSet(opts: OptionsOf<typeof OPTIONS>, ctx: Context): Promise<NewProductSet> {
  const problems = new Problems();
  const name = typeof opts.name === 'string' ? opts.name.trim() : '';
  if (!name) problems.add('--name', 'is required');
  const type = opts.type;
  if (!type) problems.add('--type', 'is required: MANUAL (with product keys) or FILTERED (with filters)');
  const keys = commaList(opts.productKey);
  if (opts.productKeysFile !== undefined) keys.push(...(await keysFromFile(opts.productKeysFile, ctx)));
  const filters: ProductFilter[] = [];
  for (const raw of opts.filter ?? []) {
    const f = parseFilter(raw, problems);
    if (f) filters.push(f);
  }
  const hadFilters = (opts.filter ?? []).length > 0;
  if (type === 'MANUAL') {
    if (keys.length === 0) problems.add('--product-key', 'a MANUAL set needs product keys (--product-key or --product-keys-file)');
    if (hadFilters) problems.add('--filter', 'filters belong to FILTERED sets; a MANUAL set takes product keys');
  } else if (type === 'FILTERED') {
    if (!hadFilters) problems.add('--filter', 'a FILTERED set needs at least one --filter attribute:OPERATOR:value');
    if (keys.length) problems.add('--product-key', 'product keys belong to MANUAL sets; a FILTERED set takes filters');
  }
  problems.throwIfAny('invalid product set');
  return {
    name,
    type: type!,
    ...(opts.description ? { description: String(opts.description) } : {}),
    ...(type === 'MANUAL' ? { product_keys: [...new Set(keys)] } : { filters }),
  };
}

/** 'price:LESS_THAN:50 USD' → a filter; the value may itself hold colons. */
export function parseFilter(raw: string, problems: Problems): ProductFilter | undefined {
  const i = raw.indexOf(':');
  const j = i < 0 ? -1 : raw.indexOf(':', i + 1);
  if (i < 0 || j < 0) {
    problems.add('--filter', `expects attribute:OPERATOR:value, e.g. "price:LESS_THAN:50 USD" (got ${JSON.stringify(raw)})`);
    return undefined;
  }
  const attribute = raw.slice(0, i).trim();
  const operator = raw
    .slice(i + 1, j)
    .trim()
    .toUpperCase();
  const value = raw.slice(j + 1).trim();
  let ok = true;
  if (!(FILTER_ATTRIBUTES as readonly string[]).includes(attribute)) {
    problems.add('--filter', `${JSON.stringify(attribute)} is not a filter attribute; use one of ${FILTER_ATTRIBUTES.join(', ')}`);
    ok = false;
  }
  if (!(FILTER_OPERATORS as readonly string[]).includes(operator)) {
    problems.add(
      '--filter',
      `${JSON.stringify(raw.slice(i + 1, j).trim())} is not a filter operator; use one of ${FILTER_OPERATORS.join(', ')}`,
    );
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
  for await (const { text } of readLines(openInput(file, ctx.io), { name: file === '-' ? 'stdin' : file })) {
    const k = text.trim();
    if (k && !k.startsWith('#')) keys.push(k);
  }
  return keys;
}
