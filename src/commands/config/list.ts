// `postctl config list`: every setting, its effective value and where it comes from (secrets masked).
import { SETTINGS } from '../../config/schema.js';
import { mask } from '../../output/mask.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'list',
  description: 'every setting with its effective value and where it comes from (flag, env, profile, default); secrets masked',
  examples: ['postctl config list', 'postctl config list -o json'],
  async run(_args, _opts, ctx) {
    const s = await ctx.settings();
    const rows = SETTINGS.map((spec) => {
      const v = s.values[spec.key];
      return {
        key: spec.key,
        value: spec.secret ? (v?.value ? mask(v.value) : null) : (v?.value ?? null),
        source: v?.source ?? null,
        ...(v?.origin ? { origin: v.origin } : {}),
      };
    });
    ctx.printer.list(
      rows,
      [
        { header: 'key', key: 'key' },
        { header: 'value', key: 'value' },
        {
          header: 'source',
          get: (r) => (r.source === 'env' ? `env ${r.origin}` : r.source === 'profile' ? `profile ${r.origin}` : (r.source ?? '')),
        },
      ],
      { profile: s.profile, data: rows },
    );
  },
});
