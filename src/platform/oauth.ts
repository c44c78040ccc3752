// Typed endpoint functions for the legacy OAuth endpoints (platform-api.md,
// "Authentication endpoints").
import { CliError } from '../errors.js';
import { parseForm } from '../http/encode.js';
import type { ApiClient } from '../http/client.js';

function formFields(body: unknown): Record<string, string> {
  if (body && typeof body === 'object') return body as Record<string, string>;
  return Object.fromEntries(parseForm(String(body ?? '')));
}

export interface BearerTokenResponse {
  token_type: string;
  access_token: string;
}

/**
 * POST oauth2/token (Basic auth, grant_type=client_credentials). The response's
 * fields are "not shown" in the spec; the real API answers
 * {"token_type":"bearer","access_token":"…"}, which is what we read.
 * Safe to repeat: the API returns the one outstanding token.
 */
export async function requestBearerToken(client: ApiClient): Promise<BearerTokenResponse> {
  const res = await client.request({ method: 'POST', path: '/oauth2/token', auth: 'basic', form: [['grant_type', 'client_credentials']], idempotent: true });
  const body = formFields(res.body);
  if (!body.access_token) throw new CliError('oauth2/token answered without an access_token', { exitCode: 1, code: 'bad_response' });
  return { token_type: body.token_type ?? 'bearer', access_token: body.access_token };
}

/**
 * POST oauth2/invalidate_token. Parameters are "not shown"; the real API takes
 * access_token=<token> with Basic auth, and answers {"access_token": "…"}.
 */
export async function invalidateBearerToken(client: ApiClient, token: string): Promise<void> {
  await client.request({ method: 'POST', path: '/oauth2/invalidate_token', auth: 'basic', form: [['access_token', token]], idempotent: true });
}

export { formFields };
