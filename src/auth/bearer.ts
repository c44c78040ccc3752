// App-only bearer token: reuse the cached one (the API allows one outstanding
// token per app and answers 403 code 99 when asked too often), fetch only when
// there is none or --refresh asks for it, and cache it in the profile.
import type { Source } from '../config/resolve.js';
import type { Context } from '../entry/context.js';
import type { ApiClient } from '../http/client.js';
import { requestBearerToken } from '../platform/oauth.js';

export interface BearerResult {
  token: string;
  cached: boolean;
  /** Where the token came from: a setting (env/profile/flag), or 'api' when just requested. */
  source: Source | 'api';
}

export async function obtainBearer(ctx: Context, client: ApiClient, opts: { refresh: boolean }): Promise<BearerResult> {
  const settings = await ctx.settings();
  const known = settings.values.bearer_token;
  if (known?.value && !opts.refresh) return { token: known.value, cached: true, source: known.source ?? 'profile' };
  const { access_token } = await requestBearerToken(client);
  ctx.redactor.add(access_token);
  const store = await ctx.store();
  store.patchProfile(settings.profile, { bearer_token: access_token });
  ctx.invalidateSettings();
  return { token: access_token, cached: false, source: 'api' };
}
