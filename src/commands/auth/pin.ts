// `postctl auth pin`: the PIN (oauth_callback=oob) flow. On a terminal it is
// one step (print the URL, ask for the PIN). Without one it is two: the first
// call stores the pending request token in the profile and prints the URL; the
// second (`--pin`) completes it. Nothing ever waits for input without a TTY.
import { applyAppFlags, prepareApp, readPiped, requireAppCredentials } from '../../auth/app-credentials.js';
import { openBrowser } from '../../auth/browser.js';
import { classifyAccessTokenError, explainAccessTokenError } from '../../auth/errors.js';
import { dropPending, EXPIRES_HINT, minutesSince, reportLogin, saveAccessToken, savePending } from '../../auth/session.js';
import { profileArg } from '../../config/profile-arg.js';
import type { Context } from '../../entry/context.js';
import { UsageError, InputError } from '../../errors/cli-error.js';
import type { ApiClient } from '../../http/client.js';
import { authorizeUrl, exchangeVerifier, requestToken, type TokenPair } from '../../platform/oauth.js';
import { defineVerb, type OptionsOf, type OptionTable } from '../define.js';
import { APP_OPTIONS, AUTHORIZE_OPTIONS, URL_OPTIONS } from './_options.js';

const OPTIONS = {
  pin: { flags: '--pin <pin>', description: 'finish the pending login with the PIN shown after approving (- reads it from stdin)' },
  ...APP_OPTIONS,
  ...URL_OPTIONS,
  ...AUTHORIZE_OPTIONS,
} as const satisfies OptionTable;
type Opts = OptionsOf<typeof OPTIONS>;

const MAX_TTY_ATTEMPTS = 3;

function originOf(url: string | undefined): string | undefined {
  try {
    return url ? new URL(url).origin : undefined;
  } catch {
    return undefined;
  }
}

async function readPin(ctx: Context, opts: Opts): Promise<string> {
  if (opts.pin === '-' && opts.consumerSecretStdin)
    throw new UsageError(
      '--pin - and --consumer-secret-stdin both read stdin',
      'give one of them another way (POSTCTL_CONSUMER_SECRET, or the PIN as the value of --pin).',
    );
  const pin =
    opts.pin === '-'
      ? await readPiped(ctx, 'the PIN', '--pin -', () => ctx.prompt.text('PIN', { supply: '--pin <PIN>' }))
      : String(opts.pin);
  const trimmed = pin.trim();
  if (!trimmed)
    throw new UsageError(
      'missing verifier: --pin needs the PIN shown after approving the app (the API requires it)',
      'run `postctl auth pin --pin <PIN>`, or `--pin -` to read it from stdin.',
    );
  if (/\s/.test(trimmed)) throw new InputError(`the PIN must be one word without spaces (got ${trimmed.length} characters with spaces)`);
  return trimmed;
}

/** Step 2 of the headless flow: the pending request token + the PIN. */
async function complete(ctx: Context, opts: Opts): Promise<number> {
  const pin = await readPin(ctx, opts);
  await applyAppFlags(ctx, opts);
  const s = await ctx.settings();
  const pending = s.stored.pending_request;
  if (!pending?.oauth_token || !pending.oauth_token_secret) {
    throw new UsageError(
      `no pending PIN login in profile ${s.profile}`,
      `start with \`postctl ${profileArg(s.profile, s.profileSource)}auth pin\` (it prints the URL to open), then finish with \`postctl ${profileArg(s.profile, s.profileSource)}auth pin --pin <PIN>\`.`,
    );
  }
  ctx.redactor.add(pending.oauth_token_secret);
  const startedAt = originOf(pending.authorize_url);
  const now = originOf(s.get('api_url'));
  if (startedAt && now && startedAt !== now) {
    const v = s.values.api_url;
    throw new UsageError(
      `the pending PIN login was started against ${startedAt}, but the platform API URL is now ${now} (${v?.source === 'env' ? `from ${v.origin}` : (v?.source ?? 'default')})`,
      `finish it against the same API: set POSTCTL_API_URL=${startedAt} (or \`postctl config set api_url ${startedAt}\`), or start over with \`postctl auth pin\`.`,
    );
  }
  await requireAppCredentials(ctx);
  const client = await ctx.client();
  const request: TokenPair = { token: pending.oauth_token, secret: pending.oauth_token_secret };
  try {
    const access = await exchangeVerifier(client, request, pin);
    reportLogin(ctx, await saveAccessToken(ctx, s.profile, access));
    return 0;
  } catch (e) {
    // A wrong PIN keeps the request (it may still be good); a dead request is dropped.
    if (classifyAccessTokenError(e) === 'request_token_invalid') await dropPending(ctx, s.profile);
    throw explainAccessTokenError(e, 'pin', minutesSince(pending.created_at, ctx.now()));
  }
}

async function begin(
  ctx: Context,
  opts: Opts,
): Promise<{ client: ApiClient; request: TokenPair; url: string; profile: string; profileSource: string }> {
  const s = await prepareApp(ctx, opts, { askUrls: true });
  const client = await ctx.client();
  const request = await requestToken(client, 'oob', opts.access);
  const url = authorizeUrl(s.get('api_url')!, 'authorize', request.token, {
    forceLogin: Boolean(opts.forceLogin),
    screenName: opts.screenName,
  });
  return { client, request, url, profile: s.profile, profileSource: s.profileSource };
}

/** Headless step 1: store the pending request, print the URL (stderr) and what to do next (stdout). */
async function start(ctx: Context, opts: Opts): Promise<number> {
  const { request, url, profile, profileSource } = await begin(ctx, opts);
  const previous = await savePending(ctx, profile, request, url);
  if (previous) ctx.log.info(`replaced the pending PIN login of profile ${profile} started ${previous.created_at}`);
  const next = `postctl ${profileArg(profile, profileSource)}auth pin --pin <PIN>`;
  ctx.log.info(`Open this URL in a browser (on any machine), approve the app and note the PIN:\n\n  ${url}\n`);
  ctx.log.info(`Then finish with: ${next}\n(${EXPIRES_HINT}.)`);
  if (opts.web) openBrowser(url, (m) => ctx.log.warn(m));
  ctx.printer.object({ authorize_url: url, expires_hint: EXPIRES_HINT, next });
  return 0;
}

/** On a terminal: one step, re-asking after a mistyped PIN. */
async function interactive(ctx: Context, opts: Opts): Promise<number> {
  const { client, request, url, profile } = await begin(ctx, opts);
  ctx.log.info(`Open this URL in a browser, approve the app, then type the PIN it shows:\n\n  ${url}\n`);
  if (opts.web) openBrowser(url, (m) => ctx.log.warn(m));
  for (let attempt = 1; ; attempt++) {
    const pin = (
      await ctx.prompt.text(
        'PIN',
        { supply: '--pin <PIN>' },
        { validate: (v) => (v.trim() ? true : 'enter the PIN shown after approving') },
      )
    ).trim();
    try {
      const access = await exchangeVerifier(client, request, pin);
      reportLogin(ctx, await saveAccessToken(ctx, profile, access));
      return 0;
    } catch (e) {
      if (classifyAccessTokenError(e) !== 'wrong_verifier' || attempt >= MAX_TTY_ATTEMPTS) throw explainAccessTokenError(e, 'pin');
      ctx.log.warn('that PIN was not accepted; check it and type it again');
    }
  }
}

export default defineVerb({
  name: 'pin',
  description: 'log in with the PIN (out-of-band) flow; without a terminal it is two steps: `auth pin`, then `auth pin --pin <PIN>`',
  examples: [
    'postctl auth pin',
    'postctl auth pin > pending.json   # headless step 1: prints the URL to open',
    'postctl auth pin --pin 1234567     # headless step 2',
    'echo 1234567 | postctl auth pin --pin -',
  ],
  options: OPTIONS,
  async run(_args, opts, ctx) {
    if (opts.pin !== undefined) return complete(ctx, opts);
    return ctx.io.interactive ? interactive(ctx, opts) : start(ctx, opts);
  },
});
