// The app's consumer key/secret and base URLs for the auth commands.
// Precedence: flag (--consumer-key, --consumer-secret-stdin) > environment >
// profile > masked prompt on a TTY; without a TTY a missing value is exit 2
// naming the flag and the variable. Secrets never come from argv.
import type { ResolvedSettings } from '../config/resolve.js';
import type { Profile } from '../config/schema.js';
import type { Context } from '../entry/context.js';
import { UsageError } from '../errors/cli-error.js';
import { assertSafeBaseUrl } from '../http/url-policy.js';
import { readStdin } from '../entry/prompt.js';

export interface AppFlags {
  consumerKey?: string;
  consumerSecretStdin?: boolean;
  apiUrl?: string;
  adsUrl?: string;
  adsSandboxUrl?: string;
}

const SUPPLY = {
  consumer_key: '--consumer-key or POSTCTL_CONSUMER_KEY',
  consumer_secret: '--consumer-secret-stdin (pipe the secret in) or POSTCTL_CONSUMER_SECRET',
} as const;

const URL_KEYS = [
  { key: 'api_url', flag: 'apiUrl', label: 'Platform API base URL' },
  { key: 'ads_url', flag: 'adsUrl', label: 'Ads API base URL' },
  { key: 'ads_sandbox_url', flag: 'adsSandboxUrl', label: 'Ads API sandbox base URL' },
] as const;

/**
 * Reads a value the user chose to give on stdin (`--consumer-secret-stdin`,
 * `--pin -`). A terminal on stdin is never read to EOF: on a TTY the caller's
 * masked prompt is used instead, otherwise it is exit 2.
 */
export async function readPiped(ctx: Context, what: string, flag: string, ask: () => Promise<string>): Promise<string> {
  if (ctx.io.stdinTTY) {
    if (ctx.io.interactive) return ask();
    throw new UsageError(
      `${flag} reads ${what} from a pipe, but stdin is a terminal and postctl is not running interactively`,
      `pipe it in, e.g. printf '%s' "$VALUE" | postctl … ${flag}`,
    );
  }
  const value = (await readStdin(ctx.io.stdin)).trim();
  if (!value) throw new UsageError(`${flag} was given but stdin was empty`, `pipe ${what} into postctl.`);
  return value;
}

/** Puts the command's credential and URL flags into the settings (highest precedence). Call before ctx.settings(). */
export async function applyAppFlags(ctx: Context, opts: AppFlags): Promise<void> {
  const values: Record<string, string | undefined> = { ...ctx.flagValues };
  if (opts.consumerKey !== undefined) {
    if (!opts.consumerKey.trim()) throw new UsageError('--consumer-key is empty');
    values.consumer_key = opts.consumerKey.trim();
  }
  for (const u of URL_KEYS) {
    const v = opts[u.flag];
    if (v !== undefined)
      values[u.key] = assertSafeBaseUrl(v, `--${u.flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`)
        .toString()
        .replace(/\/+$/, '');
  }
  if (opts.consumerSecretStdin) {
    values.consumer_secret = await readPiped(ctx, 'the consumer secret', '--consumer-secret-stdin', () =>
      ctx.prompt.secret('Consumer (API) secret', { supply: SUPPLY.consumer_secret }),
    );
  }
  ctx.flagValues = values;
  ctx.redactor.add(values.consumer_secret);
  ctx.invalidateSettings();
}

export interface AppCredentials {
  consumerKey: string;
  consumerSecret: string;
}

/** The consumer key and secret, prompting on a TTY; exit 2 naming every missing one otherwise. */
export async function requireAppCredentials(ctx: Context): Promise<AppCredentials> {
  const s = await ctx.settings();
  let key = s.get('consumer_key');
  let secret = s.get('consumer_secret');
  if ((!key || !secret) && !ctx.io.interactive) {
    const missing = [!key ? 'consumer key' : '', !secret ? 'consumer secret' : ''].filter(Boolean);
    const supply = [!key ? SUPPLY.consumer_key : '', !secret ? SUPPLY.consumer_secret : ''].filter(Boolean);
    throw new UsageError(
      `the app's ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} needed, but postctl is not running interactively`,
      `supply ${supply.join('; and ')}.`,
    );
  }
  key ??= (
    await ctx.prompt.text(
      'Consumer (API) key',
      { supply: SUPPLY.consumer_key },
      { validate: (v) => (v.trim() ? true : 'a value is required') },
    )
  ).trim();
  secret ??= (await ctx.prompt.secret('Consumer (API) secret', { supply: SUPPLY.consumer_secret })).trim();
  ctx.redactor.add(secret);
  ctx.flagValues = { ...ctx.flagValues, consumer_key: key, consumer_secret: secret };
  ctx.invalidateSettings();
  return { consumerKey: key, consumerSecret: secret };
}

/**
 * First use of a profile on a TTY: asks for each base URL nobody has chosen yet
 * (flag, env or profile), offering the default. Returns the answers that differ
 * from the default, to be stored.
 */
async function askBaseUrls(ctx: Context, s: ResolvedSettings): Promise<Partial<Profile>> {
  const firstUse = !s.stored.consumer_key;
  if (!ctx.io.interactive || !firstUse) return {};
  const answers: Partial<Profile> = {};
  for (const u of URL_KEYS) {
    const v = s.values[u.key];
    if (v?.source !== 'default') continue;
    const answer = (
      await ctx.prompt.text(
        u.label,
        { supply: `--${u.flag.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}` },
        {
          default: v.value ?? '',
          validate: (x) => {
            try {
              assertSafeBaseUrl(x.trim(), u.label);
              return true;
            } catch (e) {
              return (e as Error).message;
            }
          },
        },
      )
    )
      .trim()
      .replace(/\/+$/, '');
    if (answer !== v.value) {
      answers[u.key] = answer;
      ctx.flagValues = { ...ctx.flagValues, [u.key]: answer };
    }
  }
  ctx.invalidateSettings();
  return answers;
}

/**
 * The whole preamble of `auth login` / `auth pin`: flags, credentials (asked
 * if needed), base URLs on first use, all saved in the profile so the second
 * step of a headless login (and every later command) finds them.
 */
export async function prepareApp(ctx: Context, opts: AppFlags, { askUrls }: { askUrls: boolean }): Promise<ResolvedSettings> {
  await applyAppFlags(ctx, opts);
  const creds = await requireAppCredentials(ctx);
  const urls = askUrls ? await askBaseUrls(ctx, await ctx.settings()) : {};
  const s = await ctx.settings();
  const flagUrls: Partial<Profile> = {};
  for (const u of URL_KEYS) if (s.values[u.key]?.source === 'flag') flagUrls[u.key] = s.get(u.key);
  const store = await ctx.store();
  const notes = store.update((data) => {
    const out: string[] = [];
    data.profiles ??= {};
    const p: Profile = { ...(data.profiles[s.profile] ?? {}) };
    if (p.consumer_key && p.consumer_key !== creds.consumerKey) {
      // Tokens belong to one app: the old app's bearer and pending request are useless now.
      if (p.bearer_token) out.push('the cached bearer token belonged to the previous consumer key and was dropped');
      delete p.bearer_token;
      delete p.pending_request;
    }
    if (p.consumer_key !== creds.consumerKey || p.consumer_secret !== creds.consumerSecret)
      out.push(`saved the consumer key and secret in profile ${s.profile}`);
    p.consumer_key = creds.consumerKey;
    p.consumer_secret = creds.consumerSecret;
    Object.assign(p, flagUrls, urls);
    data.profiles[s.profile] = p;
    data.default_profile ??= s.profile;
    return out;
  });
  for (const n of notes) ctx.log.info(n);
  ctx.invalidateSettings();
  return ctx.settings();
}
