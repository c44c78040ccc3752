// Which authentication a platform command uses when --auth is not given.
import type { ResolvedSettings } from '../config/resolve.js';
import type { AuthMode } from '../http/client.js';

export type PlatformAuth = 'user' | 'app';

/**
 * `prefer: 'user'` (webhooks validate accepts either): user context when an
 * access token and secret are configured, else app-only. `prefer: 'app'`
 * (posts lookup lists only the bearer scheme): app-only; the client uses the
 * configured bearer or fetches and caches one with the consumer key/secret
 * (user context needs those too, so app-only is always at least as available).
 */
export function defaultAuth(settings: ResolvedSettings, prefer: PlatformAuth, flag?: string): AuthMode {
  if (flag === 'user' || flag === 'app' || flag === 'oauth2') return flag;
  const hasUser = Boolean(
    settings.get('access_token') && settings.get('access_token_secret') && settings.get('consumer_key') && settings.get('consumer_secret'),
  );
  return prefer === 'user' && hasUser ? 'user' : 'app';
}
