// Ads core routes: accounts (with apps, history, features, audience estimate),
// line items, and categories. Sandbox-only routes are served on the sandbox
// address only.
import type { Router } from '../router.js';
import * as accounts from './ads-core-accounts.js';
import * as categories from './ads-core-categories.js';
import * as lineItems from './ads-core-line-items.js';

export { LINE_ITEM_IDS } from './ads-core-line-items.js';
export { LICC_IDS } from './ads-core-categories.js';

export function register(r: Router): void {
  accounts.register(r);
  lineItems.register(r);
  categories.register(r);
}
