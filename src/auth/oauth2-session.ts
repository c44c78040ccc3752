// `--auth oauth2`: the access token to send, refreshed when it has expired (by
// the stored expiry) or when the API answers 401. Refresh tokens rotate: the
// refresh runs under a lock of its own (config.json.oauth2.lock) and stores
// the new pair atomically, and a process that finds the stored tokens already
// renewed by another one uses those instead of spending its own refresh token.
import type { OAuth2Tokens } from '../config/schema.js';
import type { ConfigStore } from '../config/store.js';
import { withFileLockAsync } from '../config/lock.js';
import { AuthError } from '../errors/cli-error.js';
import type { ApiClient, OAuth2Hook } from '../http/client.js';
import { isExpired, readTokens, saveRotated, tokensFrom } from './oauth2-store.js';
import { OAuth2Refused, refreshGrant } from './oauth2-token.js';

export interface SessionDeps {
  store: ConfigStore;
  profile: string;
  /** `--profile x ` (or '') for the commands suggested in messages. */
  profileArg: string;
  client: ApiClient;
  clientSecret: string | undefined;
  verbose?: (line: string) => void;
}

const bearer = (t: OAuth2Tokens) => `Bearer ${t.access_token}`;

export class OAuth2Session implements OAuth2Hook {
  /** Access tokens this process obtained by refreshing: a 401 for one of them is not an expiry. */
  private fresh = new Set<string>();

  constructor(private deps: SessionDeps) {}

  private loginAgain(why: string): AuthError {
    const e = new AuthError(
      `${why}; log in again: postctl ${this.deps.profileArg}auth oauth2`,
      `run \`postctl ${this.deps.profileArg}auth oauth2\` (headless: add --no-browser and follow the two steps).`,
    );
    e.code = 'oauth2_login_again';
    return e;
  }

  private load(): OAuth2Tokens {
    const t = readTokens(this.deps.store, this.deps.profile);
    if (!t) throw this.loginAgain(`profile ${this.deps.profile} has no OAuth 2.0 login`);
    this.deps.client.redactor.add(t.access_token, t.refresh_token);
    return t;
  }

  async header(): Promise<string> {
    const t = this.load();
    return bearer(isExpired(t) ? await this.refresh(t) : t);
  }

  async unauthorized(sent: string): Promise<boolean> {
    const t = this.load();
    // Another process renewed the tokens since this request was signed: retry with them.
    if (bearer(t) !== sent) return true;
    if (this.fresh.has(t.access_token)) return false;
    await this.refresh(t);
    return true;
  }

  private async refresh(seen: OAuth2Tokens): Promise<OAuth2Tokens> {
    if (seen.refreshed_by)
      throw this.loginAgain(
        `the OAuth 2.0 access token has expired and ${seen.refreshed_by} refreshes this login (imported without --take-over): refresh it with ${seen.refreshed_by} and run \`postctl auth import ${seen.refreshed_by}\` again, import with --take-over, or`,
      );
    if (!seen.refresh_token)
      throw this.loginAgain(
        'the OAuth 2.0 access token has expired and there is no refresh token (the login did not ask for offline.access)',
      );
    return withFileLockAsync(`${this.deps.store.path}.oauth2`, async () => {
      const now = this.load();
      if (now.access_token !== seen.access_token && !isExpired(now)) {
        this.deps.verbose?.('oauth2: another process already refreshed the tokens; using the stored ones');
        return now;
      }
      return this.rotate(now);
    });
  }

  private async rotate(current: OAuth2Tokens): Promise<OAuth2Tokens> {
    const creds = { clientId: current.client_id, clientSecret: this.deps.clientSecret };
    this.deps.verbose?.('oauth2: refreshing the access token (refresh_token grant)');
    let res: Awaited<ReturnType<typeof refreshGrant>>;
    try {
      res = await refreshGrant(this.deps.client, creds, current.refresh_token!);
    } catch (e) {
      // Rotated by a process that did not share our lock (another config dir on the same file?): take its tokens.
      const again = readTokens(this.deps.store, this.deps.profile);
      if (again && again.refresh_token !== current.refresh_token && !isExpired(again)) return again;
      if (e instanceof OAuth2Refused) throw this.loginAgain(`the OAuth 2.0 refresh failed: ${e.message}`);
      throw e;
    }
    const next = tokensFrom(res, current.client_id, current);
    this.fresh.add(next.access_token);
    if (!saveRotated(this.deps.store, this.deps.profile, next))
      throw this.loginAgain(`the OAuth 2.0 login of profile ${this.deps.profile} was removed while refreshing`);
    return next;
  }
}
