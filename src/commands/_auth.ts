// The client a verb sends with, its authentication chosen from the endpoint
// table (src/platform/auth-choice.ts): --auth checked against what the
// endpoints accept (exit 2), the default from what the profile holds, an
// OAuth 2.0 login's scopes checked (exit 3) — all before anything is sent.
import type { AuthScheme } from '../auth/endpoint-auth.js';
import type { Context } from '../entry/context.js';
import type { ApiClient } from '../http/client.js';
import { chooseAuth, type AuthChoice } from '../platform/auth-choice.js';

export async function authedClient(ctx: Context, choice: AuthChoice): Promise<{ client: ApiClient; auth: AuthScheme }> {
  const auth = chooseAuth(await ctx.settings(), choice);
  const client = await ctx.client();
  // Every request of this verb that names no authentication uses the chosen one.
  client.defaultAuth = auth;
  return { client, auth };
}

/** User-context verbs (posting, media): OAuth 1.0a when the profile holds it, else OAuth 2.0. */
export const USER_CONTEXT: readonly AuthScheme[] = ['user', 'oauth2'];
