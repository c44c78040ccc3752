// `postctl ads line-items resume <line_item_id…>`: set entity_status=ACTIVE on each (src/commands/ads/_status.ts).
import { defineVerb } from '../../define.js';
import { runStatusChange, statusOptions } from '../_status.js';

export default defineVerb({
  name: 'resume <line_item_id...>',
  description: 'resume line items (entity_status ACTIVE); they start spending: one row per change; rerun to finish an interrupted run',
  examples: ['postctl ads line-items resume 8u94t --yes', 'postctl ads line-items resume 8u94t 8u94u --dry-run'],
  options: {
    ...statusOptions,
  },
  run(ids, opts, ctx) {
    return runStatusChange(ctx, { entity: 'line_item', ids, to: 'ACTIVE' }, opts);
  },
});
