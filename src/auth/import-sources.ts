// Credentials stored by twurl and xurl, read as postctl profiles. Pure: text in, accounts out.
//
// twurl's ~/.twurlrc (YAML, https://github.com/twitter/twurl): `profiles.<screen_name>.<consumer_key>` holds
// username, consumer_key, consumer_secret, token and secret; `configuration.default_profile` is
// [screen_name, consumer_key]; `bearer_tokens.<consumer_key>` an app-only token.
//
// xurl's ~/.xurl/auth.yml (YAML, https://github.com/xdevplatform/xurl store/tokens.go): `apps.<name>` holds
// client_id, client_secret, default_user, `oauth2_tokens.<username>.oauth2` (access_token, refresh_token,
// expiration_time in Unix seconds), `oauth1_token.oauth1` (access_token, token_secret, consumer_key,
// consumer_secret) and `bearer_token.bearer`; `default_app` names the default app. Before xurl 1.0 the store
// was the single JSON file ~/.xurl with oauth2_tokens, oauth1_tokens and bearer_token at the top.
import { isProfileName } from '../config/profile-name.js';
import { parseDataYaml, type YamlApi } from '../input/structured.js';
import type { Profile } from '../config/schema.js';

export interface ImportedAccount {
  /** The postctl profile it becomes. */
  profile: string;
  /** Where it came from, for the report: `@screen_name (app key …)`, `xurl app default, user alice`. */
  from: string;
  values: Partial<Profile>;
}

export interface ImportedSet {
  accounts: ImportedAccount[];
  /** The profile of the source's default account, if it names one. */
  defaultProfile?: string;
}

export class SourceFormatError extends Error {}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : typeof v === 'number' ? String(v) : undefined);

/** A profile name from a screen name or app name: characters postctl does not allow become '-'. */
function profileNameOf(raw: string): string {
  const name = raw
    .replace(/^@/, '')
    .replace(/[^A-Za-z0-9_.-]/g, '-')
    .slice(0, 64);
  if (!isProfileName(name)) throw new SourceFormatError(`cannot make a profile name of ${JSON.stringify(raw)}`);
  return name;
}

/** The user id OAuth 1.0a access tokens start with (`<user id>-…`). */
const userIdOf = (token: string | undefined): string | undefined => /^(\d+)-/.exec(token ?? '')?.[1];

/** A credentials store holds a few accounts of a few hundred bytes each: a larger file is not one. */
export const MAX_IMPORT_BYTES = 1024 * 1024;

/** The yaml package, handed in by the verb (whose chunk alone loads the package). */
type YamlParse = YamlApi;

function load(text: string, what: string, yaml: YamlParse): Obj {
  // Plain data only (src/input/structured.ts): size, depth and prototype keys checked, core schema, aliases bounded.
  const o = obj(parseDataYaml(yaml, what, text, { maxBytes: MAX_IMPORT_BYTES }));
  if (!o) throw new SourceFormatError(`${what} holds no mapping at its top`);
  return o;
}

export function parseTwurlrc(text: string, parse: YamlParse): ImportedSet {
  const doc = load(text, '.twurlrc', parse);
  const profiles = obj(doc.profiles);
  if (!profiles) throw new SourceFormatError('.twurlrc has no profiles');
  const bearers = obj(doc.bearer_tokens) ?? {};
  const accounts: ImportedAccount[] = [];
  const byKey = new Map<string, string>();
  for (const [screen, apps] of Object.entries(profiles)) {
    const keys = Object.entries(obj(apps) ?? {});
    for (const [key, entry] of keys) {
      const e = obj(entry) ?? {};
      const consumerKey = str(e.consumer_key) ?? key;
      const username = str(e.username) ?? screen;
      // One profile per account; an account authorised for several apps gets one per app.
      const profile = profileNameOf(keys.length > 1 ? `${username}-${consumerKey.slice(0, 8)}` : username);
      byKey.set(`${screen}\u0000${key}`, profile);
      const token = str(e.token);
      const values: Partial<Profile> = {
        consumer_key: consumerKey,
        consumer_secret: str(e.consumer_secret),
        access_token: token,
        access_token_secret: str(e.secret),
        screen_name: username,
        user_id: userIdOf(token),
        bearer_token: str(bearers[consumerKey]),
      };
      accounts.push({ profile, from: `@${username} (app key ${consumerKey.slice(0, 6)}…)`, values: defined(values) });
    }
  }
  const def = (obj(doc.configuration)?.default_profile ?? []) as unknown;
  const defaultProfile = Array.isArray(def) ? byKey.get(`${String(def[0])}\u0000${String(def[1])}`) : undefined;
  return { accounts, ...(defaultProfile ? { defaultProfile } : {}) };
}

/** The object without its undefined values (a profile stores only what the source had). */
const defined = <T extends object>(values: T): T => Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as T;

interface XurlApp {
  client_id?: unknown;
  client_secret?: unknown;
  default_user?: unknown;
  oauth2_tokens?: unknown;
  oauth1_token?: unknown;
  bearer_token?: unknown;
}

function xurlAccounts(appName: string, app: XurlApp, single: boolean): ImportedAccount[] {
  const out: ImportedAccount[] = [];
  const clientId = str(app.client_id);
  const bearer = str(obj(app.bearer_token)?.bearer);
  const tag = single ? 'xurl' : `xurl app ${appName}`;
  for (const [user, token] of Object.entries(obj(app.oauth2_tokens) ?? {})) {
    const t = obj(obj(token)?.oauth2);
    const access = str(t?.access_token);
    if (!access) continue;
    const expires = Number(t?.expiration_time);
    const values: Partial<Profile> = {
      client_id: clientId,
      client_secret: str(app.client_secret),
      bearer_token: bearer,
      screen_name: user,
      // obtained_at: set when the import writes it (src/auth/import-plan.ts).
      oauth2: defined({
        obtained_at: '',
        access_token: access,
        refresh_token: str(t?.refresh_token),
        expires_at: Number.isFinite(expires) && expires > 0 ? new Date(expires * 1000).toISOString() : undefined,
        client_id: clientId ?? '',
        username: user,
      } satisfies NonNullable<Profile['oauth2']>),
    };
    out.push({ profile: profileNameOf(single ? user : `${user}-${appName}`), from: `${tag}, user ${user}`, values: defined(values) });
  }
  const o1 = obj(obj(app.oauth1_token)?.oauth1);
  if (o1 || (bearer && !out.length)) {
    // xurl does not record whose OAuth 1.0a token it holds: the profile is named after the app.
    const token = str(o1?.access_token);
    const values: Partial<Profile> = {
      consumer_key: str(o1?.consumer_key),
      consumer_secret: str(o1?.consumer_secret),
      access_token: token,
      access_token_secret: str(o1?.token_secret),
      user_id: userIdOf(token),
      bearer_token: bearer,
    };
    out.push({
      profile: profileNameOf(`xurl-${appName}`),
      from: `${tag} (OAuth 1.0a${bearer ? ' and bearer' : ''})`,
      values: defined(values),
    });
  }
  return out;
}

export function parseXurl(text: string, parse: YamlParse): ImportedSet {
  const doc = load(text, 'the xurl store', parse);
  const apps = obj(doc.apps);
  if (!apps) {
    // The single JSON file of xurl before 1.0: one app.
    if (!('oauth2_tokens' in doc || 'oauth1_tokens' in doc || 'bearer_token' in doc))
      throw new SourceFormatError('the xurl store has no apps');
    const accounts = xurlAccounts(
      'default',
      { oauth2_tokens: doc.oauth2_tokens, oauth1_token: doc.oauth1_tokens, bearer_token: doc.bearer_token },
      true,
    );
    return { accounts, ...(accounts[0] ? { defaultProfile: accounts[0].profile } : {}) };
  }
  const names = Object.keys(apps);
  const accounts: ImportedAccount[] = [];
  let defaultProfile: string | undefined;
  for (const name of names) {
    const app = (obj(apps[name]) ?? {}) as XurlApp;
    const got = xurlAccounts(name, app, names.length === 1);
    accounts.push(...got);
    if (name === (str(doc.default_app) ?? names[0])) {
      const user = str(app.default_user);
      defaultProfile = (got.find((a) => a.values.screen_name === user) ?? got[0])?.profile;
    }
  }
  return { accounts, ...(defaultProfile ? { defaultProfile } : {}) };
}
