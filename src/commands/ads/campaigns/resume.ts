// `postctl ads campaigns resume <campaign_id…>`: set entity_status=ACTIVE on each (src/commands/ads/_status.ts).
import { defineVerb } from '../../define.js';
import { cascadeOption, runStatusChange, statusOptions } from '../_status.js';

export default defineVerb({
  name: 'resume <campaign_id...>',
  description:
    'resume campaigns (entity_status ACTIVE), with --cascade their line items too; they start spending: one row per change; rerun to finish an interrupted run',
  examples: ['postctl ads campaigns resume 8wku2 --yes', 'postctl ads campaigns resume 8wku2 --cascade --dry-run'],
  options: {
    cascade: cascadeOption,
    ...statusOptions,
  },
  run(ids, opts, ctx) {
    return runStatusChange(ctx, { entity: 'campaign', ids, to: 'ACTIVE', cascade: opts.cascade }, opts);
  },
});
