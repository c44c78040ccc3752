// Flags several groups declare, written once. Each is `as const` so a verb's
// option types (define.ts `OptionsOf`) see the literal flag and its choices.
import type { OptionSpec } from './define.js';

/** --auth of the platform verbs; `dflt` says which mode applies when it is left out. */
export const authOption = (dflt: string) =>
  ({
    flags: '--auth <mode>',
    description: `app (bearer token, fetched and cached when needed), user (OAuth 1.0a) or oauth2 (OAuth 2.0 user context from \`auth oauth2\`); default ${dflt}`,
    choices: ['app', 'user', 'oauth2'],
  }) as const satisfies OptionSpec;

export const consumerSecretStdinOption = {
  flags: '--consumer-secret-stdin',
  description: "read the app's consumer secret from stdin instead of the profile / POSTCTL_CONSUMER_SECRET",
} as const satisfies OptionSpec;

/** -y/--yes for verbs that ask before acting; `what` says what is confirmed. */
export const yesOption = (what = 'confirm without asking') =>
  ({ flags: '-y, --yes', description: `${what} (needed when not interactive)` }) as const satisfies OptionSpec;
