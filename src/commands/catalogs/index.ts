// `postctl catalogs …`: product catalogs, the bulk product upsert, products and
// product sets (ads-api.md "Product catalogs"; early access only).
import type { Command } from 'commander';
import { group, sandboxOption, verb, yesOption, type OptionSpec } from '../define.js';
import { listOptions } from '../_ads-flags.js';
import { PRODUCTS_PAGE } from '../../catalogs/api.js';

const sandbox = sandboxOption;
const yes = yesOption('confirm the permanent deletion without asking');
const FILTER_ATTRIBUTES = 'price, product_type, google_product_category, sale_price, inventory, custom_label_0 to custom_label_4';
const FILTER_OPERATORS = 'GREATER_THAN, EQUAL_TO, LESS_THAN, MATCH, NOT_CONTAINS, CONTAINS';

export function registerCatalogs(program: Command): void {
  const g = group(program, 'catalogs', 'product catalogs for dynamic product ads: catalogs, bulk product upsert, products, product sets');
  const catalogs = () => import('./catalogs.js');
  const products = () => import('./products.js');
  const sets = () => import('./sets.js');

  verb(g, {
    name: 'list',
    description: 'list the product catalogs of the authenticated user (or of --user-id)',
    examples: ['postctl catalogs list', 'postctl catalogs list -o json'],
    options: [{ flags: '--user-id <id>', description: 'list the catalogs of this user id (a number)' }, sandbox],
    load: () => catalogs().then((m) => m.list),
  });
  verb(g, {
    name: 'create <name>',
    description: 'create the product catalog (one per user; create it before uploading products)',
    examples: ['postctl catalogs create "Spring shop"'],
    options: [{ flags: '--user-id <id>', description: 'create it for this user id (a number)' }, sandbox],
    load: () => catalogs().then((m) => m.create),
  });
  verb(g, {
    name: 'rename <catalog_id> <name>',
    description: 'rename a product catalog',
    examples: ['postctl catalogs rename 1456789 "Summer shop"'],
    options: [sandbox],
    load: () => catalogs().then((m) => m.rename),
  });
  verb(g, {
    name: 'delete <catalog_id>',
    description: 'delete a product catalog with all its products (permanent: asks on a terminal, needs --yes otherwise)',
    examples: ['postctl catalogs delete 1456789', 'postctl catalogs delete 1456789 --yes'],
    options: [yes, sandbox],
    load: () => catalogs().then((m) => m.remove),
  });
  verb(g, {
    name: 'upsert <catalog_id>',
    description: 'validate a product feed, then create or update its products in batches of 25 (exit 8 if any product failed)',
    examples: [
      'postctl catalogs upsert 1456789 --file products.jsonl',
      'postctl catalogs upsert 1456789 --file feed.csv --dry-run',
      'postctl catalogs upsert 1456789 --file feed.tsv --skip-invalid -o jsonl > results.jsonl',
      'gzip -dc feed.json.gz | postctl catalogs upsert 1456789 --format json',
    ],
    options: [
      { flags: '-f, --file <path>', description: 'the feed file, or - for stdin (default: stdin)' },
      { flags: '--format <format>', description: 'feed format (default: from the file extension, else detected): jsonl, json (an array or {"products":[…]}), csv, tsv', choices: ['jsonl', 'json', 'csv', 'tsv'] },
      { flags: '--skip-invalid', description: 'send the valid products even when others are invalid (the invalid ones are reported as INVALID)' },
      { flags: '--dry-run', description: 'validate and print the batches that would be sent; send nothing' },
      { flags: '--concurrency <n>', description: 'requests in flight at once (1 to 32)', default: '4' },
      sandbox,
    ],
    load: () => import('./upsert.js'),
  });
  verb(g, {
    name: 'products <catalog_id>',
    description: 'list the products of a catalog (one variant per item group: the one submitted first)',
    examples: ['postctl catalogs products 1456789', 'postctl catalogs products 1456789 --all -o jsonl', 'postctl catalogs products 1456789 --item-group-key 88vr1'],
    options: [
      { flags: '--item-group-key <key>', description: 'only the product group with this generated item_group_key' },
      ...listOptions(PRODUCTS_PAGE, { sortBy: false, withDeleted: false, totalCount: false }),
      sandbox,
    ],
    load: () => products().then((m) => m.list),
  });
  verb(g, {
    name: 'delete-products <catalog_id> [product_keys...]',
    description: 'delete products by product_key (permanent: asks on a terminal, needs --yes otherwise); reports keys that failed',
    examples: ['postctl catalogs delete-products 1456789 pk-1 pk-2 --yes', 'postctl catalogs delete-products 1456789 --file keys.txt --yes'],
    options: [
      { flags: '-f, --file <path>', description: 'product keys, one per line (- for stdin)' },
      { flags: '--batch-size <n>', description: 'keys per request (1 to 1000)', default: '100' },
      yes,
      sandbox,
    ],
    load: () => products().then((m) => m.remove),
  });

  const s = group(g, 'sets', 'product sets: groups of products chosen by key (MANUAL) or by filters (FILTERED)');
  verb(s, {
    name: 'get <catalog_id> <set_id>',
    description: 'show a product set with its processing_status (DONE, PROCESSING, FAILED)',
    examples: ['postctl catalogs sets get 1456789 73kq1', 'postctl catalogs sets get 1456789 73kq1 --wait'],
    options: [{ flags: '--wait', description: 'poll until processing_status is no longer PROCESSING' }, sandbox],
    load: () => sets().then((m) => m.get),
  });
  verb(s, {
    name: 'create <catalog_id>',
    description: 'create a product set: MANUAL from product keys, FILTERED from attribute filters',
    examples: [
      'postctl catalogs sets create 1456789 --name "Best sellers" --type MANUAL --product-key pk-1 --product-key pk-2',
      'postctl catalogs sets create 1456789 --name "Cheap shoes" --type FILTERED --filter "price:LESS_THAN:50 USD" --filter "product_type:CONTAINS:Shoes"',
    ],
    options: [
      { flags: '--name <name>', description: 'set name (required)' },
      { flags: '--type <type>', description: 'MANUAL (needs product keys) or FILTERED (needs filters)', choices: ['MANUAL', 'FILTERED'] },
      { flags: '--description <text>', description: 'set description' },
      { flags: '--product-key <key>', description: 'product key of a MANUAL set (repeatable; commas also separate keys)', repeatable: true },
      { flags: '--product-keys-file <path>', description: 'product keys of a MANUAL set, one per line (- for stdin)' },
      { flags: '--filter <attribute:OPERATOR:value>', description: `filter of a FILTERED set (repeatable); attributes: ${FILTER_ATTRIBUTES}; operators: ${FILTER_OPERATORS}`, repeatable: true },
      { flags: '--wait', description: 'poll until processing_status is no longer PROCESSING' },
      sandbox,
    ],
    load: () => sets().then((m) => m.create),
  });
}
