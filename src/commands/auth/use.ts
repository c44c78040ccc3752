// `postctl auth use <profile>`: make a stored profile the default.
import { defineVerb } from '../define.js';
import { unknownProfile } from './_profiles.js';

export default defineVerb({
  name: 'use <profile>',
  description: 'make a stored profile the default',
  examples: ['postctl auth use work'],
  async run([name], _opts, ctx) {
    const store = await ctx.store();
    const known = store.profileNames();
    if (!known.includes(name)) throw unknownProfile(name, known);
    store.update((data) => {
      data.default_profile = name;
    });
    ctx.log.success(`profile ${name} is now the default`);
    if (ctx.env.POSTCTL_PROFILE && ctx.env.POSTCTL_PROFILE !== name)
      ctx.log.warn(`POSTCTL_PROFILE=${ctx.env.POSTCTL_PROFILE} is set and overrides the default`);
  },
});
