// App-only bearer token: reuse the cached one (the API allows one outstanding
// token per app and answers 403 code 99 when asked too often), fetch only when
// there is none or --refresh asks for it, and cache it in the profile.
// It takes the few things it reads and writes (BearerHost) rather than the command Context, so the
// Context can build its client's bearer hook from here without an import circle.
import type { ResolvedSettings, Source } from '../config/resolve.js';
import type { ConfigStore } from '../config/store.js';
import type { ApiClient } from '../http/client.js';
import type { Redactor } from '../http/redact.js';
import { requestBearerToken } from '../platform/oauth.js';

export interface BearerResult {
  token: string;
  cached: boolean;
  /** Where the token came from: a setting (env/profile/flag), or 'api' when just requested. */
  source: Source | 'api';
}

/** The settings, profile store and redactor a bearer lookup uses (the Context provides all four). */
export interface BearerHost {
  settings(): Promise<Pick<ResolvedSettings, 'values' | 'profile'>>;
  store(): Promise<Pick<ConfigStore, 'patchProfile'>>;
  invalidateSettings(): void;
  readonly redactor: Pick<Redactor, 'add'>;
}

export async function obtainBearer(host: BearerHost, client: ApiClient, opts: { refresh: boolean }): Promise<BearerResult> {
  const settings = await host.settings();
  const known = settings.values.bearer_token;
  if (known?.value && !opts.refresh) return { token: known.value, cached: true, source: known.source ?? 'profile' };
  const { access_token } = await requestBearerToken(client);
  host.redactor.add(access_token);
  const store = await host.store();
  store.patchProfile(settings.profile, { bearer_token: access_token });
  host.invalidateSettings();
  return { token: access_token, cached: false, source: 'api' };
}
