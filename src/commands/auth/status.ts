// `postctl auth status`: what the active profile would authenticate with and
// where each value comes from; works from environment variables alone (no
// config file). `--check` makes one cheap signed call.
import { checkCredentials, credentialRows, oauth2State, type Check, type CredentialRow, type OAuth2State } from '../../auth/status.js';
import { loadConfigData, type ResolvedSettings } from '../../config/resolve.js';
import { configFile } from '../../config/paths.js';
import type { Context } from '../../entry/context.js';
import { neutralize } from '../../output/sanitize.js';
import { defineVerb } from '../define.js';

interface ProfileRow {
  name: string;
  default: boolean;
  active: boolean;
  user: string | null;
  access_token: boolean;
  bearer_token: boolean;
}

/** The report, in the order `-o json` prints it. */
interface Status {
  config_file: string | null;
  default_profile: string | null;
  profile: { name: string; source: string; stored: boolean };
  /** Credential variables set aside: --profile named a profile holding credentials of its own. */
  ignored_env: string[];
  user: { user_id: string | null; screen_name: string } | null;
  credentials: CredentialRow[];
  pending_pin_login: { created_at: string } | null;
  oauth2: OAuth2State | null;
  pending_oauth2_login: { created_at: string } | null;
  profiles: ProfileRow[];
  check?: Check;
  limits?: Limits;
}

/** The rate-limit window of the endpoint the check called (each endpoint has its own), as its response announced it. */
interface Limits {
  endpoint: string;
  limit: number | null;
  remaining: number | null;
  reset_at: string | null;
}

async function gather(ctx: Context, s: ResolvedSettings): Promise<Status> {
  const { data } = await loadConfigData(ctx.env);
  const profiles = Object.entries(data.profiles ?? {}).map(([name, p]) => ({
    name,
    default: name === (data.default_profile ?? 'default'),
    active: name === s.profile,
    user: p.screen_name ? `@${p.screen_name}` : null,
    access_token: Boolean(p.access_token),
    bearer_token: Boolean(p.bearer_token),
  }));
  const accessFromProfile = s.values.access_token?.source === 'profile';
  return {
    config_file: data.profiles || data.default_profile ? configFile(ctx.env) : null,
    default_profile: data.default_profile ?? null,
    profile: { name: s.profile, source: s.profileSource, stored: Boolean(data.profiles?.[s.profile]) },
    ignored_env: s.ignoredEnv,
    user: accessFromProfile && s.stored.screen_name ? { user_id: s.stored.user_id ?? null, screen_name: s.stored.screen_name } : null,
    credentials: credentialRows(s),
    // The pending request token is a secret: only its age is shown.
    pending_pin_login: s.stored.pending_request ? { created_at: s.stored.pending_request.created_at } : null,
    oauth2: oauth2State(s, ctx.now()),
    pending_oauth2_login: s.stored.oauth2_pending ? { created_at: s.stored.oauth2_pending.created_at } : null,
    profiles,
  };
}

const PROFILE_SOURCE: Record<string, string> = {
  flag: 'chosen with --profile',
  env: 'chosen by POSTCTL_PROFILE',
  profile: 'the stored default',
  default: 'implicit default',
};

/** The table form (a terminal, -o table). */
function printText(ctx: Context, s: ResolvedSettings, status: Status): void {
  const user = status.user;
  ctx.printer.write(
    `profile ${s.profile} (${PROFILE_SOURCE[s.profileSource]})${user ? `, logged in as @${user.screen_name}` : ''}${status.pending_pin_login ? ', PIN login pending' : ''}\n`,
  );
  if (status.ignored_env.length)
    ctx.printer.write(`set aside (--profile ${s.profile} holds its own credentials): ${status.ignored_env.join(', ')}\n`);
  ctx.printer.list(status.credentials, [
    { header: 'credential', key: 'credential' },
    { header: 'value', get: (r) => r.value ?? '(none)' },
    { header: 'source', get: (r) => (r.source ? `${r.source}${r.origin && r.source !== 'profile' ? ` ${r.origin}` : ''}` : '') },
  ]);
  if (status.profiles.length) {
    ctx.printer.write('\nprofiles:\n');
    ctx.printer.list(status.profiles, [
      { header: 'name', get: (p) => `${p.name}${p.default ? ' (default)' : ''}${p.active ? ' *' : ''}` },
      { header: 'user', get: (p) => p.user ?? '' },
      { header: 'access token', get: (p) => (p.access_token ? 'yes' : 'no') },
      { header: 'bearer', get: (p) => (p.bearer_token ? 'yes' : 'no') },
    ]);
  }
  const o = status.oauth2;
  if (o)
    ctx.printer.write(
      `\nOAuth 2.0: ${o.username ? `@${neutralize(o.username)}` : 'user unknown'}${o.user_id ? ` (${neutralize(o.user_id)})` : ''}; scopes ${neutralize(o.scopes.join(' ')) || '(not stated)'}; access token ${o.expires_at ? `${o.expired ? 'expired' : 'expires'} ${o.expires_at}` : 'expiry not stated'}; ${o.refresh_token ? 'refreshed automatically' : 'no refresh token'}\n`,
    );
  if (status.pending_oauth2_login) ctx.printer.write('OAuth 2.0 login pending (step 2: auth oauth2 --redirect-url)\n');
  const l = status.limits;
  if (l)
    ctx.printer.write(
      `rate limit of ${l.endpoint}: ${l.remaining ?? '?'} of ${l.limit ?? '?'} requests left${l.reset_at ? `, window resets ${l.reset_at}` : ''}\n`,
    );
  const c = status.check;
  if (c)
    ctx.printer.write(
      `\ncheck (${c.endpoint}, ${c.auth} context): ${c.ok ? `ok${c.screen_name ? `, @${c.screen_name}` : ''}` : 'failed'}\n`,
    );
}

export default defineVerb({
  name: 'status',
  description: 'profiles, the default, which credentials are present and where each comes from (flag/env/profile); secrets masked',
  examples: [
    'postctl auth status',
    'postctl auth status --check',
    'postctl --profile work auth status -o json',
    'postctl auth status --limits -o json',
  ],
  options: {
    check: { flags: '--check', description: 'make one cheap signed call to confirm the credentials work' },
    limits: {
      flags: '--limits',
      description: "make the --check call and show its endpoint's rate-limit window: limit, remaining, reset_at",
    },
  },
  async run(_args, opts, ctx) {
    const s = await ctx.settings();
    const status = await gather(ctx, s);
    let failure: unknown;
    if (opts.check || opts.limits) {
      const c = await checkCredentials(ctx, s);
      status.check = c.result;
      failure = c.error;
      if (opts.limits) {
        const rl = c.window;
        const reset = rl?.resetAt !== undefined ? new Date(rl.resetAt).toISOString().replace(/\.\d{3}Z$/, 'Z') : null;
        status.limits = { endpoint: c.result.endpoint, limit: rl?.limit ?? null, remaining: rl?.remaining ?? null, reset_at: reset };
      }
    }
    if (ctx.format === 'json' || ctx.format === 'jsonl') ctx.printer.value(status);
    else if (ctx.format === 'csv')
      ctx.printer.list(status.credentials, [
        { header: 'credential', key: 'credential' },
        { header: 'value', key: 'value' },
        { header: 'source', key: 'source' },
        { header: 'origin', key: 'origin' },
      ]);
    else printText(ctx, s, status);
    if (failure) throw failure;
    return 0;
  },
});
