// The parameter flags of `ads campaigns update` and `ads campaigns create`.
import { budgetFlags } from '../../_ads-flags.js';
import type { OptionTable } from '../../define.js';

/**
 * The parameter flags: each names the API parameter it sets (`wire`), whose rules are CAMPAIGN_UPDATE_PARAMS's
 * (src/validate/campaign.ts); `type: 'money'` flags take a decimal amount sent in micro units.
 * `ads campaigns create` takes these too.
 */
export const CAMPAIGN_FLAGS = {
  name: { flags: '--name <value>', wire: 'name', description: 'campaign name (1 to 255 characters)' },
  budgetOptimization: {
    flags: '--budget-optimization <value>',
    wire: 'budget_optimization',
    description: 'LINE_ITEM (the only value of API version 12; the default)',
  },
  ...budgetFlags,
  entityStatus: { flags: '--entity-status <value>', wire: 'entity_status', description: 'ACTIVE or PAUSED' },
  purchaseOrderNumber: {
    flags: '--purchase-order-number <value>',
    wire: 'purchase_order_number',
    description: 'booking reference for invoices (at most 50 characters)',
  },
} as const satisfies OptionTable;
