// The columns and resource of the promoted-accounts verbs.
import { promotedAccounts } from '../../../ads/line-item-children.js';
import type { Column } from '../../../output/printer.js';
import type { ChildList } from '../_children.js';

export const PROMOTED_ACCOUNTS: ChildList = {
  resource: () => promotedAccounts,
  ids: () => 'promoted_account_ids',
  columns: (): Column<Record<string, unknown>>[] => [
    { header: 'id', key: 'id' },
    { header: 'user_id', key: 'user_id' },
    { header: 'line_item_id', key: 'line_item_id' },
    { header: 'entity_status', key: 'entity_status' },
    { header: 'approval_status', key: 'approval_status' },
  ],
};
