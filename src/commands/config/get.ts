// `postctl config get <key>`: one setting's effective value.
import { defineVerb } from '../define.js';
import { SETTABLE, settable } from './_settable.js';

export default defineVerb({
  name: 'get <key>',
  description: `print one setting's effective value (keys: ${SETTABLE.join(', ')})`,
  examples: ['postctl config get ads_url', 'postctl --profile work config get ads_account'],
  async run([key], _opts, ctx) {
    const spec = settable(key);
    const s = await ctx.settings();
    const v = s.values[spec.key];
    ctx.printer.value(ctx.format === 'table' ? (v?.value ?? '') : { key: spec.key, value: v?.value ?? null, source: v?.source ?? null });
  },
});
