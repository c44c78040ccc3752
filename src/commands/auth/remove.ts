// `postctl auth remove <profile>`: delete a stored profile locally (its tokens are not revoked).
import { yesOption } from '../_flags.js';
import { defineVerb } from '../define.js';
import { unknownProfile } from './_profiles.js';

export default defineVerb({
  name: 'remove <profile>',
  description: 'delete a stored profile locally (tokens are not revoked: run `auth logout --all` first for that)',
  examples: ['postctl auth remove old', 'postctl auth remove old --yes'],
  options: {
    yes: yesOption('do not ask for confirmation'),
  },
  async run([name], opts, ctx) {
    const store = await ctx.store();
    const known = store.profileNames();
    if (!known.includes(name)) throw unknownProfile(name, known);
    const p = store.getProfile(name) ?? {};
    const live = p.access_token || p.bearer_token;
    if (!(await ctx.prompt.confirm(`Delete profile ${name}${live ? ' and its tokens (they are not revoked)' : ''}?`, opts.yes))) {
      ctx.log.info('cancelled; nothing changed');
      return 0;
    }
    const wasDefault = store.update((data) => {
      delete data.profiles?.[name];
      const was = data.default_profile === name;
      if (was) delete data.default_profile;
      return was;
    });
    ctx.log.success(`profile ${name} removed`);
    if (live)
      ctx.log.hint(
        `its tokens were not revoked; next time run \`postctl --profile ${name} auth logout --all\` before removing a profile to revoke them.`,
      );
    if (wasDefault)
      ctx.log.info(
        `it was the default profile; choose another with \`postctl auth use <profile>\`${known.length > 1 ? ` (stored: ${known.filter((k) => k !== name).join(', ')})` : ''}`,
      );
    return 0;
  },
});
