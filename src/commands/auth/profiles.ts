// `postctl auth use | list | remove`: the stored profiles.
import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';
import type { VerbModule } from '../define.js';

function unknownProfile(name: string, known: string[]): UsageError {
  return new UsageError(`no profile named "${name}"`, known.length ? `stored profiles: ${known.join(', ')}.` : 'no profile is stored yet: `postctl --profile <name> auth login` creates one.');
}

export const use: VerbModule = {
  async run([name], _opts, ctx: Context) {
    const store = await ctx.store();
    const known = store.profileNames();
    if (!known.includes(name!)) throw unknownProfile(name!, known);
    store.update((data) => {
      data.default_profile = name!;
    });
    ctx.log.success(`profile ${name} is now the default`);
    if (ctx.env.POSTCTL_PROFILE && ctx.env.POSTCTL_PROFILE !== name) ctx.log.warn(`POSTCTL_PROFILE=${ctx.env.POSTCTL_PROFILE} is set and overrides the default`);
  },
};

export const list: VerbModule = {
  async run(_args, _opts, ctx: Context) {
    const { loadConfigData } = await import('../../config/resolve.js');
    const { data } = await loadConfigData(ctx.env);
    const def = data.default_profile ?? 'default';
    const rows = Object.entries(data.profiles ?? {}).map(([name, p]) => ({
      name,
      default: name === def,
      user_id: p.user_id ?? null,
      screen_name: p.screen_name ?? null,
      consumer_key: Boolean(p.consumer_key && p.consumer_secret),
      access_token: Boolean(p.access_token && p.access_token_secret),
      bearer_token: Boolean(p.bearer_token),
      pending_pin_login: Boolean(p.pending_request),
      api_url: p.api_url ?? null,
    }));
    if (!rows.length) ctx.log.info('no profiles stored yet: `postctl auth login` (or `auth pin`) creates one');
    const yes = (b: boolean) => (b ? 'yes' : 'no');
    ctx.printer.list(
      rows,
      [
        { header: 'profile', get: (r) => `${r.name}${r.default ? ' (default)' : ''}` },
        { header: 'user', get: (r) => (r.screen_name ? `@${r.screen_name}` : '') },
        { header: 'app key', get: (r) => yes(r.consumer_key) },
        { header: 'access token', get: (r) => yes(r.access_token) },
        { header: 'bearer', get: (r) => yes(r.bearer_token) },
        { header: 'pending PIN', get: (r) => yes(r.pending_pin_login) },
      ],
      { default_profile: data.default_profile ?? null, data: rows },
    );
  },
};

export const remove: VerbModule = {
  async run([name], opts, ctx: Context) {
    const store = await ctx.store();
    const known = store.profileNames();
    if (!known.includes(name!)) throw unknownProfile(name!, known);
    const p = store.getProfile(name!) ?? {};
    const live = p.access_token || p.bearer_token;
    if (!(await ctx.prompt.confirm(`Delete profile ${name}${live ? ' and its tokens (they are not revoked)' : ''}?`, opts.yes))) {
      ctx.log.info('cancelled; nothing changed');
      return 0;
    }
    const wasDefault = store.update((data) => {
      delete data.profiles?.[name!];
      const was = data.default_profile === name;
      if (was) delete data.default_profile;
      return was;
    });
    ctx.log.success(`profile ${name} removed`);
    if (live) ctx.log.hint(`its tokens were not revoked; next time run \`postctl --profile ${name} auth logout --all\` before removing a profile to revoke them.`);
    if (wasDefault) ctx.log.info(`it was the default profile; choose another with \`postctl auth use <profile>\`${known.length > 1 ? ` (stored: ${known.filter((k) => k !== name).join(', ')})` : ''}`);
    return 0;
  },
};
