// `postctl ads campaigns resume <campaign_id…>`: set entity_status=ACTIVE on each (src/commands/ads/_status.ts).
import { UsageError } from '../../../errors/cli-error.js';
import { defineVerb } from '../../define.js';
import { allChildrenOption, cascadeOption, runStatusChange, statusOptions } from '../_status.js';

export default defineVerb({
  name: 'resume <campaign_id...>',
  description:
    'resume campaigns (entity_status ACTIVE), with --cascade the line items their last pause --cascade paused (--all-children: every one); they start spending: one row per change',
  examples: [
    'postctl ads campaigns resume 8wku2 --yes',
    'postctl ads campaigns resume 8wku2 --cascade --dry-run',
    'postctl ads campaigns resume 8wku2 --cascade --all-children --dry-run',
  ],
  options: {
    cascade: cascadeOption,
    allChildren: allChildrenOption,
    ...statusOptions,
  },
  run(ids, opts, ctx) {
    if (opts.allChildren && !opts.cascade) throw new UsageError('--all-children goes with --cascade');
    return runStatusChange(ctx, { entity: 'campaign', ids, to: 'ACTIVE', cascade: opts.cascade }, opts);
  },
});
