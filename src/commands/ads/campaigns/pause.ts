// `postctl ads campaigns pause <campaign_id…>`: set entity_status=PAUSED on each (src/commands/ads/_status.ts).
import { defineVerb } from '../../define.js';
import { cascadeOption, runStatusChange, statusOptions } from '../_status.js';

export default defineVerb({
  name: 'pause <campaign_id...>',
  description:
    'pause campaigns (entity_status PAUSED), with --cascade their line items too: one row per change; rerun to finish an interrupted run',
  examples: [
    'postctl ads campaigns pause 8wku2 --yes',
    'postctl ads campaigns pause 8wku2 --cascade --dry-run',
    'postctl ads campaigns pause 8wku2 --cascade --yes --reason "end of flight"',
  ],
  options: {
    cascade: cascadeOption,
    ...statusOptions,
  },
  run(ids, opts, ctx) {
    return runStatusChange(ctx, { entity: 'campaign', ids, to: 'PAUSED', cascade: opts.cascade }, opts);
  },
});
