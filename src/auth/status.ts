// What `postctl auth status` reports: the credentials the active profile would
// authenticate with (secrets masked) and where each comes from, its OAuth 2.0
// login, and the one cheap signed call of `--check`.
import type { ResolvedSettings } from '../config/resolve.js';
import { SETTINGS } from '../config/schema.js';
import type { Context } from '../entry/context.js';
import { AuthError } from '../errors/cli-error.js';
import { mask } from '../output/mask.js';
import { verifyCredentials } from '../platform/oauth.js';
import type { ApiClient } from '../http/client.js';
import { joinPath } from '../http/path.js';
import type { RateLimitInfo } from '../http/rate-limit.js';
import { wire } from '../wire/names.js';

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
      source: present ? (v!.source ?? null) : null,
      ...(present && v?.origin ? { origin: v.origin } : {}),
    };
  });
}

export interface OAuth2State {
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

export interface Check {
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
    return {
      result: {
        ok: true,
        auth: 'oauth2',
        endpoint,
        ...(me.body?.data?.id ? { user_id: me.body.data.id } : {}),
        ...(me.body?.data?.username ? { screen_name: me.body.data.username } : {}),
      },
    };
  } catch (e) {
    return { result: { ok: false, auth: 'oauth2', endpoint, error: (e as Error).message }, error: e };
  }
}

/** `auth status --check`: the credentials' own cheapest call (user, app, or only OAuth 2.0). */
export async function checkCredentials(
  ctx: Context,
  s: ResolvedSettings,
): Promise<{ result: Check; error?: unknown; window?: RateLimitInfo | undefined }> {
  const client = await ctx.client();
  const out = await checkWith(client, s);
  // The window the check's endpoint announced (auth status --limits).
  return { ...out, window: client.rateLimits.get('platform') };
}

async function checkWith(client: ApiClient, s: ResolvedSettings): Promise<{ result: Check; error?: unknown }> {
  const user = Boolean(s.get('consumer_key') && s.get('consumer_secret') && s.get('access_token') && s.get('access_token_secret'));
  if (!user && !s.get('bearer_token') && s.stored.oauth2) return checkOAuth2(client);
  if (!user && !s.get('bearer_token')) {
    throw new AuthError(
      `profile ${s.profile} has no tokens to check (no access token with consumer key/secret, no bearer token)`,
      'log in with `postctl auth login` or `postctl auth pin`, get a bearer token with `postctl auth token`, or set the POSTCTL_* variables.',
    );
  }
  const lookupPath = joinPath('2', wire('path.posts', client.names));
  try {
    if (user) {
      const me = await verifyCredentials(client);
      return {
        result: {
          ok: true,
          auth: 'user',
          endpoint: 'GET /1.1/account/verify_credentials.json',
          user_id: me.id,
          screen_name: me.screen_name,
        },
      };
    }
    // App-only: one lookup of a single post id is the smallest bearer call the spec lists.
    await client.request({ method: 'GET', path: lookupPath, query: [['ids', '20']], auth: 'app' });
    return { result: { ok: true, auth: 'app', endpoint: `GET ${lookupPath}?ids=20` } };
  } catch (e) {
    return {
      result: {
        ok: false,
        auth: user ? 'user' : 'app',
        endpoint: user ? 'GET /1.1/account/verify_credentials.json' : `GET ${lookupPath}?ids=20`,
        error: (e as Error).message,
      },
      error: e,
    };
  }
}
