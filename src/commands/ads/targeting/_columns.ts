// Columns of targeting criteria and of discovery results.
import type { TargetingCriterion } from '../../../ads/targeting.js';
import type { Column } from '../../../output/printer.js';

export const CRITERION_COLUMNS: Column<TargetingCriterion>[] = [
  { header: 'id', key: 'id' },
  { header: 'line_item_id', key: 'line_item_id' },
  { header: 'targeting_type', key: 'targeting_type' },
  { header: 'targeting_value', key: 'targeting_value' },
  { header: 'operator_type', key: 'operator_type' },
  { header: 'name', key: 'name' },
];
