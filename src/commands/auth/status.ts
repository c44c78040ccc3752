// `postctl auth status`: what the active profile would authenticate with and
// where each value comes from; works from environment variables alone (no
// config file). `--check` makes one cheap signed call.
import { loadConfigData, type ResolvedSettings } from '../../config/resolve.js';
import { configFile } from '../../config/paths.js';
import { SETTINGS } from '../../config/schema.js';
import type { Context } from '../../context.js';
import { AuthError } from '../../errors.js';
import { mask } from '../../output/mask.js';
import { neutralize } from '../../output/sanitize.js';
import { verifyCredentials } from '../../platform/oauth.js';
import { joinPath } from '../../http/path.js';
import { wire } from '../../wire/names.js';

const SHOWN = ['api_url', 'consumer_key', 'consumer_secret', 'access_token', 'access_token_secret', 'bearer_token'] as const;

export interface CredentialRow {
  credential: string;
  present: boolean;
  value: string | null;
  source: string | null;
  origin?: string;
}

export function credentialRows(s: ResolvedSettings): CredentialRow[] {
  return SHOWN.map((key) => {
    const spec = SETTINGS.find((x) => x.key === key)!;
    const v = s.values[key];
    const present = Boolean(v?.value);
    return {
      credential: key,
      present,
      value: present ? (spec.secret ? mask(v!.value) : v!.value!) : null,
      source: present ? v!.source ?? null : null,
      ...(present && v?.origin ? { origin: v.origin } : {}),
    };
  });
}

interface OAuth2State {
  user_id: string | null;
  username: string | null;
  client_id: string;
  scopes: string[];
  expires_at: string | null;
  expired: boolean;
  refresh_token: boolean;
}

/** The OAuth 2.0 login of the profile: who, which scopes, until when — never the tokens. */
export function oauth2State(s: ResolvedSettings, now = Date.now()): OAuth2State | null {
  const t = s.stored.oauth2;
  if (!t?.access_token) return null;
  const at = t.expires_at ? Date.parse(t.expires_at) : NaN;
  return {
    user_id: t.user_id ?? null,
    username: t.username ?? null,
    client_id: t.client_id,
    scopes: (t.scope ?? '').split(' ').filter(Boolean),
    expires_at: t.expires_at ?? null,
    expired: Number.isFinite(at) && at <= now,
    refresh_token: Boolean(t.refresh_token),
  };
}

interface Check {
  ok: boolean;
  auth: 'user' | 'app' | 'oauth2';
  endpoint: string;
  user_id?: string;
  screen_name?: string;
  error?: string;
}

/** Only an OAuth 2.0 login: GET /2/users/me with it (refreshed first if needed). */
async function checkOAuth2(client: Awaited<ReturnType<Context['client']>>): Promise<{ result: Check; error?: unknown }> {
  const endpoint = 'GET /2/users/me';
  try {
    const me = await client.request<{ data?: { id?: string; username?: string } }>({ method: 'GET', path: '/2/users/me', auth: 'oauth2' });
    return { result: { ok: true, auth: 'oauth2', endpoint, ...(me.body?.data?.id ? { user_id: me.body.data.id } : {}), ...(me.body?.data?.username ? { screen_name: me.body.data.username } : {}) } };
  } catch (e) {
    return { result: { ok: false, auth: 'oauth2', endpoint, error: (e as Error).message }, error: e };
  }
}

async function check(ctx: Context, s: ResolvedSettings): Promise<{ result: Check; error?: unknown }> {
  const client = await ctx.client();
  const user = Boolean(s.get('consumer_key') && s.get('consumer_secret') && s.get('access_token') && s.get('access_token_secret'));
  if (!user && !s.get('bearer_token') && s.stored.oauth2) return checkOAuth2(client);
  if (!user && !s.get('bearer_token')) {
    throw new AuthError(`profile ${s.profile} has no tokens to check (no access token with consumer key/secret, no bearer token)`, 'log in with `postctl auth login` or `postctl auth pin`, get a bearer token with `postctl auth token`, or set the POSTCTL_* variables.');
  }
  const lookupPath = joinPath('2', wire('path.posts', client.names));
  try {
    if (user) {
      const me = await verifyCredentials(client);
      return { result: { ok: true, auth: 'user', endpoint: 'GET /1.1/account/verify_credentials.json', user_id: me.id, screen_name: me.screen_name } };
    }
    // App-only: one lookup of a single post id is the smallest bearer call the spec lists.
    await client.request({ method: 'GET', path: lookupPath, query: [['ids', '20']], auth: 'app' });
    return { result: { ok: true, auth: 'app', endpoint: `GET ${lookupPath}?ids=20` } };
  } catch (e) {
    return { result: { ok: false, auth: user ? 'user' : 'app', endpoint: user ? 'GET /1.1/account/verify_credentials.json' : `GET ${lookupPath}?ids=20`, error: (e as Error).message }, error: e };
  }
}

export async function run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
  const s = await ctx.settings();
  const { data } = await loadConfigData(ctx.env);
  const rows = credentialRows(s);
  const profiles = Object.entries(data.profiles ?? {}).map(([name, p]) => ({
    name,
    default: name === (data.default_profile ?? 'default'),
    active: name === s.profile,
    user: p.screen_name ? `@${p.screen_name}` : null,
    access_token: Boolean(p.access_token),
    bearer_token: Boolean(p.bearer_token),
  }));
  const accessFromProfile = s.values.access_token?.source === 'profile';
  const status: Record<string, unknown> = {
    config_file: data.profiles || data.default_profile ? configFile(ctx.env) : null,
    default_profile: data.default_profile ?? null,
    profile: { name: s.profile, source: s.profileSource, stored: Boolean(data.profiles?.[s.profile]) },
    user: accessFromProfile && s.stored.screen_name ? { user_id: s.stored.user_id ?? null, screen_name: s.stored.screen_name } : null,
    credentials: rows,
    // The pending request token is a secret: only its age is shown.
    pending_pin_login: s.stored.pending_request ? { created_at: s.stored.pending_request.created_at } : null,
    oauth2: oauth2State(s),
    pending_oauth2_login: s.stored.oauth2_pending ? { created_at: s.stored.oauth2_pending.created_at } : null,
    profiles,
  };
  let failure: unknown;
  if (opts.check) {
    const c = await check(ctx, s);
    status.check = c.result;
    failure = c.error;
  }
  if (ctx.format === 'json' || ctx.format === 'jsonl') ctx.printer.value(status);
  else if (ctx.format === 'csv') ctx.printer.list(rows, [{ header: 'credential', key: 'credential' }, { header: 'value', key: 'value' }, { header: 'source', key: 'source' }, { header: 'origin', key: 'origin' }]);
  else {
    const user = status.user as { screen_name: string } | null;
    ctx.printer.write(`profile ${s.profile} (${({ flag: 'chosen with --profile', env: 'chosen by POSTCTL_PROFILE', profile: 'the stored default', default: 'implicit default' } as Record<string, string>)[s.profileSource]})${user ? `, logged in as @${user.screen_name}` : ''}${status.pending_pin_login ? ', PIN login pending' : ''}\n`);
    ctx.printer.list(rows, [
      { header: 'credential', key: 'credential' },
      { header: 'value', get: (r) => r.value ?? '(none)' },
      { header: 'source', get: (r) => (r.source ? `${r.source}${r.origin && r.source !== 'profile' ? ` ${r.origin}` : ''}` : '') },
    ]);
    if (profiles.length) {
      ctx.printer.write('\nprofiles:\n');
      ctx.printer.list(profiles, [
        { header: 'name', get: (p) => `${p.name}${p.default ? ' (default)' : ''}${p.active ? ' *' : ''}` },
        { header: 'user', get: (p) => p.user ?? '' },
        { header: 'access token', get: (p) => (p.access_token ? 'yes' : 'no') },
        { header: 'bearer', get: (p) => (p.bearer_token ? 'yes' : 'no') },
      ]);
    }
    const o = status.oauth2 as OAuth2State | null;
    if (o) ctx.printer.write(`\nOAuth 2.0: ${o.username ? `@${neutralize(o.username)}` : 'user unknown'}${o.user_id ? ` (${neutralize(o.user_id)})` : ''}; scopes ${neutralize(o.scopes.join(' ')) || '(not stated)'}; access token ${o.expires_at ? `${o.expired ? 'expired' : 'expires'} ${o.expires_at}` : 'expiry not stated'}; ${o.refresh_token ? 'refreshed automatically' : 'no refresh token'}\n`);
    if (status.pending_oauth2_login) ctx.printer.write('OAuth 2.0 login pending (step 2: auth oauth2 --redirect-url)\n');
    const c = status.check as Check | undefined;
    if (c) ctx.printer.write(`\ncheck (${c.endpoint}, ${c.auth} context): ${c.ok ? `ok${c.screen_name ? `, @${c.screen_name}` : ''}` : 'failed'}\n`);
  }
  if (failure) throw failure;
  return 0;
}
