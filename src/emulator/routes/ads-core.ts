// Ads core routes: accounts (with apps, history, features, audience estimate),
// line items, and categories. Sandbox-only routes are served on the sandbox
// address only.
import type { Router } from '../router.js';
import * as accounts from './ads-core-accounts.js';
import * as campaigns from './ads-campaigns.js';
import * as categories from './ads-core-categories.js';
import * as lineItems from './ads-core-line-items.js';
import * as children from './ads-line-item-children.js';
import * as lineItemsCreate from './ads-line-items-create.js';
import * as promoted from './ads-promoted.js';
import * as sandboxFunding from './ads-sandbox-funding.js';
import * as targeting from './ads-targeting.js';
import type { EmulatorState } from '../state.js';

export { LINE_ITEM_IDS } from './ads-core-line-items.js';
export { LICC_IDS } from './ads-core-categories.js';

export function register(r: Router, state: EmulatorState): void {
  accounts.register(r);
  lineItems.register(r);
  categories.register(r);
  // Campaign management (campaign-management reference): funding instruments, campaigns, line item create, targeting, promoted posts.
  campaigns.register(r);
  lineItemsCreate.register(r);
  targeting.register(r);
  promoted.register(r, state);
  // Promoted accounts, scheduled promoted posts, tracking tags, line item placements.
  children.register(r, state);
  sandboxFunding.register(r);
}
