// Storing what a login produced, and the pending request of the two-step PIN flow.
import type { PendingRequest } from '../config/schema.js';
import type { Context } from '../entry/context.js';
import type { AccessTokenResponse, TokenPair } from '../platform/oauth.js';

// Request tokens are short-lived; the spec does not say how long. The real API
// is known to expire unused ones within minutes (the emulator: 15 minutes).
export const EXPIRES_HINT =
  'request tokens are short-lived: the real API expires an unused one within minutes, so open the URL and finish soon; if it has expired, run `postctl auth pin` again for a new one';

export interface LoginResult {
  profile: string;
  user_id: string;
  screen_name: string;
}

/** Saves the access token in the profile and drops any pending PIN request. */
export async function saveAccessToken(ctx: Context, profile: string, access: AccessTokenResponse): Promise<LoginResult> {
  ctx.redactor.add(access.oauth_token, access.oauth_token_secret);
  (await ctx.store()).patchProfile(profile, {
    access_token: access.oauth_token,
    access_token_secret: access.oauth_token_secret,
    user_id: access.user_id || undefined,
    screen_name: access.screen_name || undefined,
    pending_request: undefined,
  });
  ctx.invalidateSettings();
  const env = ctx.env;
  if (env.POSTCTL_ACCESS_TOKEN)
    ctx.log.warn('POSTCTL_ACCESS_TOKEN is set and overrides the token just stored; unset it to use the new login.');
  return { profile, user_id: access.user_id, screen_name: access.screen_name };
}

export function reportLogin(ctx: Context, r: LoginResult): void {
  ctx.log.success(
    `logged in as ${r.screen_name ? `@${r.screen_name}` : 'the user'}${r.user_id ? ` (user id ${r.user_id})` : ''}; credentials stored in profile ${r.profile}`,
  );
  ctx.printer.object(r, [
    { header: 'profile', key: 'profile' },
    { header: 'user_id', key: 'user_id' },
    { header: 'screen_name', key: 'screen_name' },
  ]);
}

export async function savePending(
  ctx: Context,
  profile: string,
  request: TokenPair,
  authorizeUrl: string,
): Promise<PendingRequest | undefined> {
  const pending: PendingRequest = {
    oauth_token: request.token,
    oauth_token_secret: request.secret,
    created_at: new Date().toISOString(),
    authorize_url: authorizeUrl,
  };
  const previous = (await ctx.store()).update((data) => {
    data.profiles ??= {};
    const p = { ...(data.profiles[profile] ?? {}) };
    const prev = p.pending_request;
    p.pending_request = pending;
    data.profiles[profile] = p;
    data.default_profile ??= profile;
    return prev;
  });
  ctx.invalidateSettings();
  return previous;
}

export async function dropPending(ctx: Context, profile: string): Promise<void> {
  (await ctx.store()).patchProfile(profile, { pending_request: undefined });
  ctx.invalidateSettings();
}

export function minutesSince(iso: string | undefined, now = Date.now()): number | undefined {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(t) ? Math.max(0, (now - t) / 60_000) : undefined;
}
