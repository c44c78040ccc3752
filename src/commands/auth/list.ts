// `postctl auth list`: the stored profiles and which credentials each holds (no secrets).
import { loadConfigData } from '../../config/resolve.js';
import { defineVerb } from '../define.js';

export default defineVerb({
  name: 'list',
  description: 'stored profiles and which credentials each holds (no secrets)',
  examples: ['postctl auth list', 'postctl auth list -o json'],
  async run(_args, _opts, ctx) {
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
});
