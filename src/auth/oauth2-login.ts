// The shared parts of `auth oauth2`: which client, scopes and URLs a login
// uses (flags > environment > profile), and finishing a login once the token
// endpoint has answered.
import type { Context } from '../entry/context.js';
import { AuthError, UsageError } from '../errors/cli-error.js';
import type { ApiClient } from '../http/client.js';
import { assertSafeBaseUrl } from '../http/url-policy.js';
import { neutralize } from '../output/sanitize.js';
import { readPiped } from './app-credentials.js';
import { saveLogin, tokensFrom } from './oauth2-store.js';
import { fetchMe, type OAuth2ClientCreds, type TokenResponse } from './oauth2-token.js';
import { parseRedirectUri, parseScopes, type RedirectTarget } from './oauth2-url.js';
import { profileArg } from '../config/profile-arg.js';

const SUPPLY_CLIENT_ID = '--client-id or POSTCTL_CLIENT_ID';

export interface LoginSetup {
  profile: string;
  /** `--profile x ` or '' for suggested commands. */
  profileArg: string;
  creds: OAuth2ClientCreds;
  authorizeBase: string;
  scopes: string[];
  target: RedirectTarget;
  /** What to keep in the profile besides the tokens (values given as flags). */
  keep: { client_id: string; client_secret?: string | undefined; api_url?: string | undefined };
}

/** The flags of `auth oauth2` read here. */
export interface OAuth2Flags {
  clientId?: string;
  clientSecretStdin?: boolean;
  apiUrl?: string;
  scopes?: string;
  redirectUri?: string;
}

/** Puts --client-id, --client-secret-stdin and --api-url into the settings (highest precedence). */
export async function applyOAuth2Flags(ctx: Context, opts: OAuth2Flags): Promise<void> {
  const values: Record<string, string | undefined> = { ...ctx.flagValues };
  if (opts.clientId !== undefined) {
    if (!String(opts.clientId).trim()) throw new UsageError('--client-id is empty');
    values.client_id = String(opts.clientId).trim();
  }
  if (opts.apiUrl !== undefined) values.api_url = assertSafeBaseUrl(opts.apiUrl, '--api-url').toString().replace(/\/+$/, '');
  if (opts.clientSecretStdin) {
    values.client_secret = await readPiped(ctx, 'the client secret', '--client-secret-stdin', () =>
      ctx.prompt.secret('OAuth 2.0 client secret', { supply: '--client-secret-stdin or POSTCTL_CLIENT_SECRET' }),
    );
  }
  ctx.redactor.add(values.client_secret);
  ctx.flagValues = values;
  ctx.invalidateSettings();
}

/** Everything step 1 (or the loopback flow) needs; exit 2 naming the flag when the client id is missing off a terminal. */
export async function loginSetup(ctx: Context, opts: OAuth2Flags): Promise<LoginSetup> {
  await applyOAuth2Flags(ctx, opts);
  const { scopes, unknown } = parseScopes(opts.scopes);
  const target = parseRedirectUri(opts.redirectUri);
  const s = await ctx.settings();
  let clientId = s.get('client_id');
  if (!clientId) {
    if (!ctx.io.interactive)
      throw new UsageError(
        'the OAuth 2.0 client id is needed, but postctl is not running interactively',
        `supply ${SUPPLY_CLIENT_ID} (the "Client ID" on the app's Keys and tokens page).`,
      );
    clientId = (
      await ctx.prompt.text(
        'OAuth 2.0 client id',
        { supply: SUPPLY_CLIENT_ID },
        { validate: (v) => (v.trim() ? true : 'a value is required') },
      )
    ).trim();
  }
  if (unknown.length) ctx.log.warn(`scope${unknown.length > 1 ? 's' : ''} not in the documented list, sent anyway: ${unknown.join(', ')}`);
  if (!scopes.includes('offline.access'))
    ctx.log.warn(
      'without offline.access there is no refresh token: the login ends when the access token expires (2 hours on the platform)',
    );
  const authorizeBase = assertSafeBaseUrl(
    s.get('oauth2_authorize_url')!,
    'the OAuth 2.0 authorize URL (POSTCTL_OAUTH2_AUTHORIZE_URL)',
  ).toString();
  const secret = s.values.client_secret;
  return {
    profile: s.profile,
    profileArg: profileArg(s.profile, s.profileSource),
    creds: { clientId, clientSecret: secret?.value },
    authorizeBase,
    scopes,
    target,
    keep: {
      client_id: clientId,
      client_secret: secret?.source === 'flag' ? secret.value : undefined,
      api_url: s.values.api_url?.source === 'flag' ? s.get('api_url') : undefined,
    },
  };
}

interface LoginResult {
  profile: string;
  user_id: string | null;
  username: string | null;
  scope: string | null;
  expires_at: string | null;
  refresh_token: boolean;
}

/** Learns who logged in, stores the tokens (0600, locked) and reports — never the tokens themselves. */
export async function finishLogin(
  ctx: Context,
  client: ApiClient,
  setup: Pick<LoginSetup, 'profile' | 'keep'>,
  res: TokenResponse,
): Promise<number> {
  const me = await fetchMe(client, res.access_token).catch((e: unknown) => {
    ctx.log.warn(`logged in, but GET /2/users/me failed (${(e as Error).message}); the user is not recorded (grant users.read to see it)`);
    return {} as { id?: string; username?: string };
  });
  const tokens = tokensFrom(res, setup.keep.client_id, {
    ...(me.id ? { user_id: me.id } : {}),
    ...(me.username ? { username: me.username } : {}),
  });
  saveLogin(await ctx.store(), setup.profile, tokens, setup.keep);
  ctx.invalidateSettings();
  const result: LoginResult = {
    profile: setup.profile,
    user_id: tokens.user_id ?? null,
    username: tokens.username ?? null,
    scope: tokens.scope ?? null,
    expires_at: tokens.expires_at ?? null,
    refresh_token: Boolean(tokens.refresh_token),
  };
  ctx.log.success(
    `logged in with OAuth 2.0${tokens.username ? ` as @${neutralize(tokens.username)}` : ''}${tokens.user_id ? ` (user id ${neutralize(tokens.user_id)})` : ''}; tokens stored in profile ${setup.profile}${tokens.refresh_token ? '' : ' (no refresh token: ask for offline.access to stay logged in)'}`,
  );
  ctx.printer.object(
    result,
    ['profile', 'user_id', 'username', 'scope', 'expires_at', 'refresh_token'].map((k) => ({ header: k, key: k })),
  );
  return 0;
}

/** `error=` in the redirect: the person refused (access_denied) or the server rejected the request. */
export function refusedInBrowser(error: string, description: string | undefined, again: string): AuthError {
  const e = new AuthError(
    `the authorization was not granted: ${error}${description ? ` (${description})` : ''}`,
    `run \`${again}\` again${error === 'access_denied' ? ' and approve the app' : ''}.`,
  );
  e.code = error === 'access_denied' ? 'access_denied' : `oauth2_${error}`;
  return e;
}
