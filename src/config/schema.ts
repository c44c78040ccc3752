// Shape of the config file and the settings each profile can hold.
export interface PendingRequest {
  oauth_token: string;
  oauth_token_secret: string;
  created_at: string;
  authorize_url: string;
}

/** OAuth 2.0 user-context tokens (`auth oauth2`); only ever in the 0600 config file. */
export interface OAuth2Tokens {
  access_token: string;
  refresh_token?: string;
  /** ISO time the access token stops working (from expires_in), if the server said. */
  expires_at?: string;
  /** Granted scopes, space separated, as the token endpoint answered. */
  scope?: string;
  client_id: string;
  user_id?: string;
  username?: string;
  obtained_at: string;
  /** Another tool refreshes this login (an xurl import without --take-over): postctl never uses a refresh token for it. */
  refreshed_by?: string;
}

/** Step 1 of the headless OAuth 2.0 login, waiting for step 2 (`--redirect-url`). */
export interface OAuth2Pending {
  code_verifier: string;
  state: string;
  redirect_uri: string;
  client_id: string;
  scope: string;
  authorize_url: string;
  created_at: string;
}

export interface Profile {
  api_url?: string;
  ads_url?: string;
  ads_sandbox_url?: string;
  consumer_key?: string;
  consumer_secret?: string;
  access_token?: string;
  access_token_secret?: string;
  user_id?: string;
  screen_name?: string;
  bearer_token?: string;
  ads_account?: string;
  output?: string;
  api_names?: string;
  pending_request?: PendingRequest;
  client_id?: string;
  client_secret?: string;
  oauth2_authorize_url?: string;
  oauth2?: OAuth2Tokens;
  oauth2_pending?: OAuth2Pending;
  [key: string]: unknown;
}

export interface ConfigData {
  default_profile?: string;
  profiles?: Record<string, Profile>;
}

/** Every setting the resolver knows: config key, env variable, default, secret? */
export interface SettingSpec {
  key: keyof Profile & string;
  env: string;
  description: string;
  secret?: boolean;
  /** May be set with `postctl config set` (non-secret settings only). */
  settable?: boolean;
  default?: string;
  choices?: readonly string[];
}

// Defaults are the real API's hosts (the spec writes {base_url}, {ads_url} and
// {ads_sandbox_url}); override per profile or with the POSTCTL_*_URL variables.
export const SETTINGS: readonly SettingSpec[] = [
  { key: 'api_url', env: 'POSTCTL_API_URL', description: 'platform API base URL', settable: true, default: 'https://api.x.com' },
  { key: 'ads_url', env: 'POSTCTL_ADS_URL', description: 'ads API base URL', settable: true, default: 'https://ads-api.x.com' },
  {
    key: 'ads_sandbox_url',
    env: 'POSTCTL_ADS_SANDBOX_URL',
    description: 'ads API sandbox base URL',
    settable: true,
    default: 'https://ads-api-sandbox.x.com',
  },
  { key: 'consumer_key', env: 'POSTCTL_CONSUMER_KEY', description: 'app consumer (API) key' },
  { key: 'consumer_secret', env: 'POSTCTL_CONSUMER_SECRET', description: 'app consumer (API) secret', secret: true },
  { key: 'access_token', env: 'POSTCTL_ACCESS_TOKEN', description: 'user access token', secret: true },
  { key: 'access_token_secret', env: 'POSTCTL_ACCESS_TOKEN_SECRET', description: 'user access token secret', secret: true },
  { key: 'bearer_token', env: 'POSTCTL_BEARER_TOKEN', description: 'app-only bearer token', secret: true },
  { key: 'client_id', env: 'POSTCTL_CLIENT_ID', description: 'OAuth 2.0 client id (auth oauth2)', settable: true },
  {
    key: 'client_secret',
    env: 'POSTCTL_CLIENT_SECRET',
    description: 'OAuth 2.0 client secret of a confidential client (auth oauth2)',
    secret: true,
  },
  {
    key: 'oauth2_authorize_url',
    env: 'POSTCTL_OAUTH2_AUTHORIZE_URL',
    description: 'OAuth 2.0 authorize page (auth oauth2)',
    settable: true,
    default: 'https://x.com/i/oauth2/authorize',
  },
  { key: 'ads_account', env: 'POSTCTL_ADS_ACCOUNT', description: 'default ads account id', settable: true },
  {
    key: 'output',
    env: 'POSTCTL_OUTPUT',
    description: 'default output format',
    settable: true,
    choices: ['table', 'json', 'jsonl', 'csv'],
  },
  // Spelling of wire names (src/wire/names.ts): the live service's own names by
  // default; `neutral` for servers built to the spec's neutral text.
  {
    key: 'api_names',
    env: 'POSTCTL_API_NAMES',
    description: 'wire names: official (the live service) or neutral (the spec text)',
    settable: true,
    default: 'official',
    choices: ['official', 'neutral'],
  },
];
