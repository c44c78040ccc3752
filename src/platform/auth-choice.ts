// Which authentication a platform command uses: the endpoint table
// (src/auth/endpoint-auth.ts, from the official descriptions' security
// requirements) says what each endpoint accepts; --auth picks one of those, or
// the default is the first of the verb's preferences that the profile holds
// (OAuth 2.0 tokens alone → OAuth 2.0). A combination no description allows is
// a usage error before anything is sent; an OAuth 2.0 token that lacks a scope
// the endpoint needs is an auth error before anything is sent.
import { ENDPOINT_AUTH, SCHEME_NAMES, type AuthScheme } from '../auth/endpoint-auth.js';
import { profileArg } from '../config/profile-arg.js';
import type { ResolvedSettings } from '../config/resolve.js';
import { AuthError, UsageError } from '../errors/cli-error.js';

/** Which kinds of credentials the resolved settings hold. */
function heldAuth(settings: ResolvedSettings): Record<AuthScheme, boolean> {
  const key = Boolean(settings.get('consumer_key') && settings.get('consumer_secret'));
  return {
    // The bearer token is configured, or fetched (and cached) with the consumer key and secret.
    app: Boolean(settings.get('bearer_token')) || key,
    user: key && Boolean(settings.get('access_token') && settings.get('access_token_secret')),
    oauth2: Boolean(settings.stored.oauth2?.access_token),
  };
}

/** What every one of the endpoints accepts, and the scopes any of them needs. */
function combined(endpoints: readonly string[]): { accepts: AuthScheme[]; scopes: string[] } {
  let accepts: AuthScheme[] = ['app', 'user', 'oauth2'];
  const scopes = new Set<string>();
  for (const e of endpoints) {
    const entry = ENDPOINT_AUTH[e];
    if (!entry) throw new Error(`no auth entry for ${e}`);
    accepts = accepts.filter((s) => entry.accepts.includes(s));
    for (const s of entry.scopes) scopes.add(s);
  }
  return { accepts, scopes: [...scopes] };
}

export interface AuthChoice {
  /** Endpoint keys the verb calls ("POST /2/tweets"); all must accept the choice. */
  endpoints: readonly string[];
  /** The verb's order of preference among the schemes when --auth is not given. */
  prefer: readonly AuthScheme[];
  flag?: string | undefined;
}

const named = (schemes: readonly AuthScheme[]) => schemes.map((s) => SCHEME_NAMES[s]).join(', ');

/** The scheme to use, checked against the table (exit 2) and, for OAuth 2.0, the stored scopes (exit 3). */
export function chooseAuth(settings: ResolvedSettings, choice: AuthChoice): AuthScheme {
  const { accepts, scopes } = combined(choice.endpoints);
  const what = choice.endpoints.join(', ');
  let chosen: AuthScheme;
  if (choice.flag !== undefined) {
    if (!accepts.includes(choice.flag as AuthScheme))
      throw new UsageError(
        `--auth ${choice.flag} is not accepted by ${what} (the official API descriptions allow: ${accepts.join(', ')})`,
        `use --auth ${accepts[0]} (allowed here: ${named(accepts)}).`,
      );
    chosen = choice.flag as AuthScheme;
  } else {
    const held = heldAuth(settings);
    const order = [...choice.prefer, ...accepts].filter((s) => accepts.includes(s));
    chosen = order.find((s) => held[s]) ?? order[0]!;
  }
  if (chosen === 'oauth2') requireScopes(settings, scopes, what);
  return chosen;
}

/** A stored OAuth 2.0 login that was granted fewer scopes than the endpoint needs: exit 3, nothing sent. */
function requireScopes(settings: ResolvedSettings, needed: readonly string[], what: string): void {
  const granted = settings.stored.oauth2?.scope;
  // No login (the session says so when it is used) or no scope recorded: the server decides.
  if (granted === undefined) return;
  const have = granted.split(/\s+/).filter(Boolean);
  const missing = needed.filter((s) => !have.includes(s));
  if (!missing.length) return;
  const login = `postctl ${profileArg(settings.profile, settings.profileSource)}auth oauth2 --scopes ${[...new Set([...have, ...missing])].join(',')}`;
  const e = new AuthError(
    `the OAuth 2.0 login of profile ${settings.profile} lacks the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')} that ${what} needs: nothing was sent`,
    `log in again with ${missing.length > 1 ? 'them' : 'it'}: ${login}`,
  );
  e.code = 'oauth2_scope_missing';
  throw e;
}
