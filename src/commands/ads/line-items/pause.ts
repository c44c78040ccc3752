// `postctl ads line-items pause <line_item_id…>`: set entity_status=PAUSED on each (src/commands/ads/_status.ts).
import { defineVerb } from '../../define.js';
import { runStatusChange, statusOptions } from '../_status.js';

export default defineVerb({
  name: 'pause <line_item_id...>',
  description: 'pause line items (entity_status PAUSED): one row per change; rerun to finish an interrupted run',
  examples: ['postctl ads line-items pause 8u94t --yes', 'postctl ads line-items pause 8u94t 8u94u --dry-run'],
  options: {
    ...statusOptions,
  },
  run(ids, opts, ctx) {
    return runStatusChange(ctx, { entity: 'line_item', ids, to: 'PAUSED' }, opts);
  },
});
