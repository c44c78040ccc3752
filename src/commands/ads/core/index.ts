// `postctl ads …` core: accounts, line items, line item curated categories,
// business and curated categories, features, audience estimate (ads-api.md
// "Accounts", "Line items", "Line item curated categories"). Declarations only:
// the implementations load when a verb runs.
import type { Command } from 'commander';
import { accountOptions, listOptions, sandboxOption, withDeletedOption as withDeleted } from '../../ads-flags.js';
import { group, verb, yesOption, type OptionSpec } from '../../define.js';
import { LINE_ITEM_PARAMS, flagOf } from '../../../validate/line-item.js';
import { HISTORY_ENTITY_TYPES, INDUSTRY_TYPES, READABLE_FEATURE_KEYS } from '../../../validate/ads-core-params.js';

const PAGE_1000 = { min: 1, max: 1000, def: 200 };
const yes = yesOption();
const common = accountOptions;

function lineItemUpdateOptions(): OptionSpec[] {
  const o: OptionSpec[] = [];
  for (const p of LINE_ITEM_PARAMS) {
    o.push({ flags: `${flagOf(p.name)} <value>`, description: p.help });
    if (p.money) o.push({ flags: `--${p.money} <amount>`, description: `${p.name} as a decimal amount (2.50 → 2500000; at most 6 decimals); not with ${flagOf(p.name)}` });
  }
  o.push(
    { flags: '--no-fetch', description: 'skip fetching the line item first (its objective and placements are then not checked; the API still checks)' },
    { flags: '--dry-run', description: 'check and print the request that would be sent (method, URL, parameters); change nothing' },
    ...common,
  );
  return o;
}

export function registerAdsCore(ads: Command): void {
  const accounts = () => import('./accounts.js');
  const lineItems = () => import('./line-items.js');
  const categories = () => import('./categories.js');
  const features = () => import('./features.js');

  // accounts
  const acc = group(ads, 'accounts', 'ad accounts: list, show, rename, apps, change history; sandbox accounts');
  verb(acc, {
    name: 'list',
    description: 'list the ad accounts the authenticated user can use',
    examples: ['postctl ads accounts list', 'postctl ads accounts list --q emu --with-total-count -o json', 'postctl ads accounts list --all -o jsonl'],
    options: [
      { flags: '--account-ids <ids>', description: 'only these accounts (comma list, up to 200)' },
      { flags: '--q <prefix>', description: 'case-insensitive prefix of the account name' },
      ...listOptions(PAGE_1000),
      sandboxOption,
    ],
    load: () => accounts().then((m) => m.list),
  });
  verb(acc, {
    name: 'get [account_id]',
    description: 'show one ad account (default: --account, POSTCTL_ADS_ACCOUNT or the profile\'s ads_account)',
    examples: ['postctl ads accounts get', 'postctl ads accounts get 18ce54d4x5t -o json'],
    options: [withDeleted, ...common],
    load: () => accounts().then((m) => m.get),
  });
  verb(acc, {
    name: 'update [account_id]',
    description: 'change the name or industry type of an ad account (only the flags given are sent)',
    examples: ['postctl ads accounts update --name "Spring ads"', 'postctl ads accounts update 18ce54d4x5t --industry-type RETAIL'],
    options: [
      { flags: '--name <name>', description: 'account name' },
      { flags: '--industry-type <type>', description: `one of ${INDUSTRY_TYPES.join(', ')}` },
      ...common,
    ],
    load: () => accounts().then((m) => m.update),
  });
  verb(acc, {
    name: 'create',
    description: 'create a sandbox ad account (sandbox only: needs --sandbox)',
    examples: ['postctl ads accounts create --sandbox'],
    options: [sandboxOption],
    load: () => accounts().then((m) => m.create),
  });
  verb(acc, {
    name: 'delete <account_id>',
    description: 'delete a sandbox ad account (sandbox only: needs --sandbox; asks on a terminal, needs --yes otherwise)',
    examples: ['postctl ads accounts delete gq1x7a --sandbox --yes'],
    options: [yes, sandboxOption],
    load: () => accounts().then((m) => m.remove),
  });
  verb(acc, {
    name: 'apps',
    description: 'list the apps of the ad account',
    examples: ['postctl ads accounts apps', 'postctl ads accounts apps --all -o jsonl', 'postctl ads accounts apps --limit 50 --sort-by created_at-desc'],
    options: [...listOptions(PAGE_1000), ...common],
    load: () => accounts().then((m) => m.apps),
  });
  verb(acc, {
    name: 'history',
    description: 'changes to one entity of the ad account in a time window of whole hours (beta; needs allowlisting)',
    examples: ['postctl ads accounts history --entity-type LINE_ITEM --entity-id 8u94t --start-time 2026-01-05T00:00:00Z --end-time 2026-01-06T00:00:00Z'],
    options: [
      { flags: '--entity-type <type>', description: `required: ${HISTORY_ENTITY_TYPES.join(', ')}` },
      { flags: '--entity-id <id>', description: 'required: the entity\'s id' },
      { flags: '--start-time <time>', description: 'required: ISO 8601 on a whole hour, e.g. 2026-01-05T10:00:00Z' },
      { flags: '--end-time <time>', description: 'required: ISO 8601 on a whole hour, after --start-time' },
      { flags: '--user-id <id>', description: 'only changes made by this user id' },
      ...listOptions(PAGE_1000, { sortBy: false, withDeleted: false, totalCount: false }),
      ...common,
    ],
    load: () => accounts().then((m) => m.history),
  });

  // categories and features
  verb(ads, {
    name: 'business-categories',
    description: 'advertiser business categories and their IAB categories (for PREROLL_VIEWS line items\' --categories)',
    examples: ['postctl ads business-categories', 'postctl ads business-categories -o json'],
    options: [sandboxOption],
    load: () => categories().then((m) => m.business),
  });
  const cur = group(ads, 'curated-categories', 'curated categories of the ad account (each available only in its countries)');
  verb(cur, {
    name: 'list',
    description: 'list curated categories, with total_count in JSON',
    examples: ['postctl ads curated-categories list', 'postctl ads curated-categories list --country-codes US,GB'],
    options: [{ flags: '--country-codes <codes>', description: 'only categories available in these countries (comma list of two-letter codes)' }, ...common],
    load: () => categories().then((m) => m.curatedList),
  });
  verb(cur, {
    name: 'get <curated_category_id>',
    description: 'show one curated category',
    examples: ['postctl ads curated-categories get 1xh6'],
    options: common,
    load: () => categories().then((m) => m.curatedGet),
  });
  const feat = group(ads, 'features', 'features of the ad account');
  verb(feat, {
    name: 'list',
    description: 'the feature keys the account can access',
    examples: ['postctl ads features list', 'postctl ads features list --keys REACH_FREQUENCY_CAP,WEBSITE_CLICKS_CPM_BILLING'],
    options: [{ flags: '--keys <keys>', description: `only these keys (comma list): ${READABLE_FEATURE_KEYS.join(', ')}` }, ...common],
    load: () => features().then((m) => m.list),
  });
  verb(feat, {
    name: 'add <keys...>',
    description: 'add features to a sandbox account (sandbox only: needs --sandbox); keys as arguments or comma lists',
    examples: ['postctl ads features add --sandbox AGE_TARGETING CONVERSATION_CARD --account gq1x7a'],
    options: common,
    load: () => features().then((m) => m.add),
  });
  verb(ads, {
    name: 'audience-estimate',
    description: 'approximate audience size for targeting given as a JSON array of objects',
    examples: ['postctl ads audience-estimate --input targeting.json', 'cat targeting.json | postctl ads audience-estimate --input -'],
    options: [{ flags: '--input <file>', description: 'JSON file with an array of objects, or - for stdin (required)' }, ...common],
    load: () => import('./audience-estimate.js'),
  });

  // line items
  const li = group(ads, 'line-items', 'line items: list, show, update bids/budgets/schedule/status, delete');
  verb(li, {
    name: 'list',
    description: 'list line items of the account (id, name, campaign, objective, status, bid, budgets)',
    examples: ['postctl ads line-items list', 'postctl ads line-items list --campaign-ids f2qcm --status PAUSED', 'postctl ads line-items list --line-item-ids 8u94t,8u94u -o json', 'postctl ads line-items list --all -o jsonl'],
    options: [
      { flags: '--campaign-ids <ids>', description: 'only line items of these campaigns (comma list, up to 200)' },
      { flags: '--line-item-ids <ids>', description: 'only these line items (comma list, up to 200)' },
      { flags: '--funding-instrument-ids <ids>', description: 'only line items of these funding instruments (comma list, up to 200)' },
      { flags: '--status <statuses>', description: 'only these entity statuses (comma list: ACTIVE, PAUSED; filtered by postctl: the API has no status filter for line items)' },
      { flags: '--q <text>', description: 'name prefix' },
      { flags: '--with-draft', description: 'include line items of draft campaigns' },
      ...listOptions(PAGE_1000),
      ...common,
    ],
    load: () => import('./line-items-list.js'),
  });
  verb(li, {
    name: 'get <line_item_id>',
    description: 'show one line item',
    examples: ['postctl ads line-items get 8u94t', 'postctl ads line-items get 8u94t --with-deleted -o json'],
    options: [withDeleted, ...common],
    load: () => lineItems().then((m) => m.get),
  });
  verb(li, {
    name: 'update <line_item_id>',
    description: 'change a line item: only the flags given are sent, after checking the spec\'s rules (against the fetched line item unless --no-fetch)',
    examples: [
      'postctl ads line-items update 8u94t --entity-status PAUSED',
      'postctl ads line-items update 8u94t --bid-strategy TARGET --bid 2.50',
      'postctl ads line-items update 8u94t --daily-budget 10 --total-budget 37.50 --dry-run',
    ],
    options: lineItemUpdateOptions(),
    load: () => import('./line-item-update.js'),
  });
  verb(li, {
    name: 'delete <line_item_id>',
    description: 'delete a line item (irreversible; promoted posts under it are not deleted; asks on a terminal, needs --yes otherwise)',
    examples: ['postctl ads line-items delete 8u94t --yes'],
    options: [yes, ...common],
    load: () => lineItems().then((m) => m.remove),
  });

  // line item curated categories
  const licc = group(ads, 'line-item-categories', 'links between line items and curated categories');
  verb(licc, {
    name: 'list',
    description: 'list line item curated categories',
    examples: ['postctl ads line-item-categories list', 'postctl ads line-item-categories list --with-deleted --all -o jsonl'],
    options: [...listOptions(PAGE_1000), ...common],
    load: () => categories().then((m) => m.liccList),
  });
  verb(licc, {
    name: 'get <id>',
    description: 'show one line item curated category',
    examples: ['postctl ads line-item-categories get 43853bhii885'],
    options: [withDeleted, ...common],
    load: () => categories().then((m) => m.liccGet),
  });
  verb(licc, {
    name: 'create',
    description: 'attach a curated category to a line item',
    examples: ['postctl ads line-item-categories create --line-item-id 8u94t --curated-category-id 1xh6'],
    options: [
      { flags: '--line-item-id <id>', description: 'required: the line item' },
      { flags: '--curated-category-id <id>', description: 'required: the curated category (see `postctl ads curated-categories list`)' },
      ...common,
    ],
    load: () => categories().then((m) => m.liccCreate),
  });
  verb(licc, {
    name: 'update <id>',
    description: 'change the line item or curated category of a link (only the flags given are sent)',
    examples: ['postctl ads line-item-categories update 43853bhii885 --curated-category-id 1xh7'],
    options: [
      { flags: '--line-item-id <id>', description: 'the line item' },
      { flags: '--curated-category-id <id>', description: 'the curated category' },
      ...common,
    ],
    load: () => categories().then((m) => m.liccUpdate),
  });
  verb(licc, {
    name: 'delete <id>',
    description: 'delete a line item curated category (asks on a terminal, needs --yes otherwise)',
    examples: ['postctl ads line-item-categories delete 43853bhii885 --yes'],
    options: [yes, ...common],
    load: () => categories().then((m) => m.liccRemove),
  });
}
