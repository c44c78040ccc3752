// Flags several `auth` verbs share (login, pin, token). `as const` so each
// verb's option types (define.ts `OptionsOf`) see the literal flags and choices.
import type { OptionTable } from '../define.js';

export const APP_OPTIONS = {
  consumerKey: {
    flags: '--consumer-key <key>',
    description: "the app's consumer (API) key (env POSTCTL_CONSUMER_KEY; asked on a terminal)",
  },
  consumerSecretStdin: {
    flags: '--consumer-secret-stdin',
    description: "read the app's consumer secret from stdin (or env POSTCTL_CONSUMER_SECRET; masked prompt on a terminal)",
  },
} as const satisfies OptionTable;

export const URL_OPTIONS = {
  apiUrl: { flags: '--api-url <url>', description: 'platform API base URL to store in the profile (https, or http on loopback)' },
  adsUrl: { flags: '--ads-url <url>', description: 'ads API base URL to store in the profile' },
  adsSandboxUrl: { flags: '--ads-sandbox-url <url>', description: 'ads sandbox base URL to store in the profile' },
} as const satisfies OptionTable;

export const AUTHORIZE_OPTIONS = {
  access: {
    flags: '--access <level>',
    description: "ask for less access than the app is registered for: read or write (the request token's access type parameter)",
    choices: ['read', 'write'],
  },
  forceLogin: { flags: '--force-login', description: 'make the authorization page ask for credentials even if a user is signed in' },
  screenName: { flags: '--screen-name <name>', description: 'prefill the user name on the authorization page' },
  web: { flags: '--web', description: 'open the authorization URL in a browser (it is always printed on stderr)' },
} as const satisfies OptionTable;
