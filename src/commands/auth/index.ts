// `postctl auth …`: OAuth 1.0a logins (callback and PIN), the app-only bearer
// token, logout (revocation), status and profiles.
import type { Command } from 'commander';
import { group, verb, yesOption, type OptionSpec } from '../define.js';

const APP_OPTIONS: OptionSpec[] = [
  { flags: '--consumer-key <key>', description: "the app's consumer (API) key (env POSTCTL_CONSUMER_KEY; asked on a terminal)" },
  { flags: '--consumer-secret-stdin', description: "read the app's consumer secret from stdin (or env POSTCTL_CONSUMER_SECRET; masked prompt on a terminal)" },
];

const URL_OPTIONS: OptionSpec[] = [
  { flags: '--api-url <url>', description: 'platform API base URL to store in the profile (https, or http on loopback)' },
  { flags: '--ads-url <url>', description: 'ads API base URL to store in the profile' },
  { flags: '--ads-sandbox-url <url>', description: 'ads sandbox base URL to store in the profile' },
];

const AUTHORIZE_OPTIONS: OptionSpec[] = [
  { flags: '--access <level>', description: 'ask for less access than the app is registered for: read or write (the request token\'s access type parameter)', choices: ['read', 'write'] },
  { flags: '--force-login', description: 'make the authorization page ask for credentials even if a user is signed in' },
  { flags: '--screen-name <name>', description: 'prefill the user name on the authorization page' },
  { flags: '--web', description: 'open the authorization URL in a browser (it is always printed on stderr)' },
];

export function registerAuth(program: Command): void {
  const g = group(program, 'auth', 'log in (OAuth 1.0a callback or PIN, OAuth 2.0 with PKCE), app-only bearer tokens, logout, status and profiles');
  verb(g, {
    name: 'login',
    description: 'log in with the 3-legged OAuth 1.0a flow: a one-shot callback server on 127.0.0.1 receives the redirect',
    examples: [
      'postctl auth login --web',
      'postctl --profile work auth login --consumer-key KEY --consumer-secret-stdin --callback-port 8765 < secret.txt',
      'postctl auth login --access read --force-login',
    ],
    options: [
      ...APP_OPTIONS,
      ...URL_OPTIONS,
      ...AUTHORIZE_OPTIONS,
      { flags: '--callback-port <port>', description: 'port of the loopback callback server (default: a free one); the callback URL http://127.0.0.1:<port>/callback must be registered for the app' },
      { flags: '--wait <seconds>', description: 'how long to wait for the browser redirect', default: '300' },
    ],
    load: () => import('./login.js'),
  });
  verb(g, {
    name: 'pin',
    description: 'log in with the PIN (out-of-band) flow; without a terminal it is two steps: `auth pin`, then `auth pin --pin <PIN>`',
    examples: [
      'postctl auth pin',
      'postctl auth pin > pending.json   # headless step 1: prints the URL to open',
      'postctl auth pin --pin 1234567     # headless step 2',
      'echo 1234567 | postctl auth pin --pin -',
    ],
    options: [
      { flags: '--pin <pin>', description: 'finish the pending login with the PIN shown after approving (- reads it from stdin)' },
      ...APP_OPTIONS,
      ...URL_OPTIONS,
      ...AUTHORIZE_OPTIONS,
    ],
    load: () => import('./pin.js'),
  });
  verb(g, {
    name: 'oauth2',
    description: 'log in with OAuth 2.0 (authorization code + S256 PKCE); without a terminal it is two steps: `auth oauth2`, then `auth oauth2 --redirect-url <address>`',
    examples: [
      'postctl auth oauth2 --client-id "$CLIENT_ID" --web',
      'postctl auth oauth2 --client-id "$CLIENT_ID" --no-browser > pending.json   # headless step 1',
      "postctl auth oauth2 --redirect-url 'http://127.0.0.1:8765/callback?state=…&code=…'   # headless step 2",
      'printf %s "$SECRET" | postctl auth oauth2 --client-id "$CLIENT_ID" --client-secret-stdin --scopes tweet.read,users.read,offline.access',
    ],
    options: [
      { flags: '--client-id <id>', description: "the app's OAuth 2.0 client id (env POSTCTL_CLIENT_ID; asked on a terminal)" },
      { flags: '--client-secret-stdin', description: 'confidential clients: read the client secret from stdin (or env POSTCTL_CLIENT_SECRET); sent as HTTP Basic' },
      { flags: '--scopes <list>', description: 'scopes, comma or space separated (default tweet.read,users.read,offline.access; offline.access gives a refresh token)' },
      { flags: '--redirect-uri <uri>', description: 'callback URL registered for the app, exactly (default http://127.0.0.1:8765/callback; port 0 = a free port on a terminal)' },
      { flags: '--redirect-url <address>', description: 'step 2: the address the browser was sent to after approving (- reads it from stdin)' },
      { flags: '--web', description: 'open the authorization URL in a browser (it is always printed on stderr)' },
      { flags: '--no-browser', description: 'do not listen for the redirect: print step 1 and finish with --redirect-url (the default without a terminal)' },
      { flags: '--wait <seconds>', description: 'how long to wait for the browser redirect on a terminal', default: '300' },
      { flags: '--api-url <url>', description: 'platform API base URL to store in the profile (token endpoint {api_url}/2/oauth2/token)' },
    ],
    load: () => import('./oauth2.js'),
  });
  verb(g, {
    name: 'token',
    description: 'get the app-only bearer token (oauth2/token), cached in the profile and reused',
    examples: ['postctl auth token', 'postctl auth token --print | other-tool --bearer-stdin', 'postctl auth token --refresh'],
    options: [
      ...APP_OPTIONS,
      { flags: '--refresh', description: 'ask the API again even if a token is cached (it returns the same token until invalidated)' },
      { flags: '--print', description: 'write the token itself to stdout, for other tools' },
    ],
    load: () => import('./token.js'),
  });
  verb(g, {
    name: 'logout',
    description: "invalidate the profile's access token at the API (and/or its bearer token), then remove it locally",
    examples: ['postctl auth logout', 'postctl auth logout --all --yes', 'postctl auth logout --bearer --yes', 'postctl auth logout --oauth2 --yes'],
    options: [
      { flags: '--bearer', description: 'invalidate and remove the app-only bearer token instead of the access token' },
      { flags: '--oauth2', description: 'revoke the OAuth 2.0 access and refresh tokens (POST /2/oauth2/revoke) and remove them' },
      { flags: '--all', description: 'invalidate and remove both the access token and the bearer token' },
      { flags: '--local-only', description: 'remove the tokens from the profile without contacting the API (they stay valid)' },
      yesOption('do not ask for confirmation'),
    ],
    load: () => import('./logout.js'),
  });
  verb(g, {
    name: 'status',
    description: 'profiles, the default, which credentials are present and where each comes from (flag/env/profile); secrets masked',
    examples: ['postctl auth status', 'postctl auth status --check', 'postctl --profile work auth status -o json'],
    options: [{ flags: '--check', description: 'make one cheap signed call to confirm the credentials work' }],
    load: () => import('./status.js'),
  });
  const profiles = () => import('./profiles.js');
  verb(g, {
    name: 'use <profile>',
    description: 'make a stored profile the default',
    examples: ['postctl auth use work'],
    load: () => profiles().then((m) => m.use),
  });
  verb(g, {
    name: 'list',
    description: 'stored profiles and which credentials each holds (no secrets)',
    examples: ['postctl auth list', 'postctl auth list -o json'],
    load: () => profiles().then((m) => m.list),
  });
  verb(g, {
    name: 'remove <profile>',
    description: 'delete a stored profile locally (tokens are not revoked: run `auth logout --all` first for that)',
    examples: ['postctl auth remove old', 'postctl auth remove old --yes'],
    options: [yesOption('do not ask for confirmation')],
    load: () => profiles().then((m) => m.remove),
  });
}
