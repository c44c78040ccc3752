// The acting user's id, needed in the path of every engagement endpoint
// (POST /2/users/{id}/likes …): resolved once and remembered per profile in
// the cache directory (acting-users.json beside dialects.json), keyed by the
// profile, the API origin and a fingerprint of the token, so a new login or
// another origin (the emulator) asks again. An OAuth 1.0a access token names
// its user (`<user id>-<secret part>`), so it needs no request at all; an
// OAuth 2.0 token costs one GET /2/users/me, once.
import { createHash } from 'node:crypto';
import { readSafe, writeSafe } from '../config/safe-file.js';
import { dirname, join } from 'node:path';
import type { AuthScheme } from '../auth/endpoint-auth.js';
import type { ResolvedSettings } from '../config/resolve.js';
import { CliError } from '../errors/cli-error.js';
import { EXIT } from '../errors/exit-codes.js';
import type { ApiClient } from '../http/client.js';
import { NUMERIC } from './refs.js';

export interface ActingUser {
  id: string;
  username?: string | undefined;
  /** Where the id came from: the token itself, the cache or a GET /2/users/me. */
  source: 'token' | 'cache' | 'users/me';
}

async function cacheFile(env: NodeJS.ProcessEnv): Promise<string> {
  // Imported the way the client imports it (lazily), so a lookup's start-up loads no extra chunk.
  const { cacheDir } = await import('../wire/dialect-cache.js');
  return join(cacheDir(env), 'acting-users.json');
}

// Read and written by the safe-file rule (bin/safe-file.js), as the field-name cache: anything unsafe is ignored.
function readCache(file: string): Record<string, { id: string; username?: string }> {
  try {
    const buf = readSafe(file, { max: 1024 * 1024, top: dirname(file) });
    const data = buf && (JSON.parse(buf.toString('utf8')) as unknown);
    return data && typeof data === 'object' ? (data as Record<string, { id: string; username?: string }>) : {};
  } catch {
    return {};
  }
}

function writeCache(file: string, data: Record<string, unknown>): void {
  try {
    writeSafe(file, JSON.stringify(data, null, 1) + '\n', { top: dirname(file) });
  } catch {
    // A read-only cache costs one GET /2/users/me next time.
  }
}

/** The token the scheme signs with (never stored: only a hash of it keys the cache). */
function tokenOf(settings: ResolvedSettings, auth: AuthScheme): string | undefined {
  return auth === 'oauth2' ? settings.stored.oauth2?.access_token : settings.get('access_token');
}

/** The authenticated user of `auth`: from the token, the cache, or one GET /2/users/me (then cached). */
export async function actingUser(
  client: ApiClient,
  settings: ResolvedSettings,
  env: NodeJS.ProcessEnv,
  auth: AuthScheme,
): Promise<ActingUser> {
  const token = tokenOf(settings, auth) ?? '';
  const prefix = token.split('-')[0] ?? '';
  if (auth === 'user' && token.includes('-') && NUMERIC.test(prefix)) return { id: prefix, source: 'token' };
  const key = `${settings.profile}|${settings.get('api_url') ?? ''}|${createHash('sha256').update(token).digest('hex').slice(0, 16)}`;
  const file = await cacheFile(env);
  const cached = readCache(file)[key];
  if (cached && NUMERIC.test(String(cached.id))) return { id: String(cached.id), username: cached.username, source: 'cache' };
  const res = await client.request<{ data?: { id?: unknown; username?: unknown } }>({ method: 'GET', path: '/2/users/me', auth });
  const id = String(res.body?.data?.id ?? '');
  // A reply without a numeric id would otherwise end up in a path.
  if (!NUMERIC.test(id))
    throw new CliError('GET /2/users/me answered without a numeric user id', { exitCode: EXIT.NETWORK, code: 'bad_reply' });
  const username = typeof res.body?.data?.username === 'string' ? res.body.data.username : undefined;
  writeCache(file, { ...readCache(file), [key]: { id, ...(username ? { username } : {}) } });
  return { id, username, source: 'users/me' };
}
