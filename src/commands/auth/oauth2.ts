// `postctl auth oauth2`: OAuth 2.0 authorization code flow with S256 PKCE.
// On a terminal, a loopback server receives the redirect. Without one (or
// with --no-browser) it is two steps, as `auth pin`: step 1 saves the pending
// verifier and state (0600) and prints what to open; step 2 takes the address
// the browser was sent to (`--redirect-url`), checks `state` and exchanges the code.
import { readPiped } from '../../auth/app-credentials.js';
import { openBrowser } from '../../auth/browser.js';
import { listenForRedirect } from '../../auth/oauth2-callback.js';
import { applyOAuth2Flags, finishLogin, loginSetup, refusedInBrowser, type LoginSetup } from '../../auth/oauth2-login.js';
import { dropPendingOAuth2, savePendingOAuth2 } from '../../auth/oauth2-store.js';
import { exchangeCode, OAuth2Refused } from '../../auth/oauth2-token.js';
import { buildAuthorizeUrl, parseRedirectAddress } from '../../auth/oauth2-url.js';
import { codeChallenge, codeVerifier, randomState, sameState } from '../../auth/pkce.js';
import { profileArg } from '../../config/profile-arg.js';
import type { Context } from '../../entry/context.js';
import { AuthError, UsageError } from '../../errors/cli-error.js';
import { clip, neutralize } from '../../output/sanitize.js';
import { defineVerb, type OptionsOf, type OptionTable } from '../define.js';
import { parseWait } from './_numbers.js';

const OPTIONS = {
  clientId: { flags: '--client-id <id>', description: "the app's OAuth 2.0 client id (env POSTCTL_CLIENT_ID; asked on a terminal)" },
  clientSecretStdin: {
    flags: '--client-secret-stdin',
    description: 'confidential clients: read the client secret from stdin (or env POSTCTL_CLIENT_SECRET); sent as HTTP Basic',
  },
  scopes: {
    flags: '--scopes <list>',
    description:
      'scopes, comma or space separated (default tweet.read,tweet.write,users.read,media.write,offline.access: what the verbs need; offline.access gives a refresh token)',
  },
  redirectUri: {
    flags: '--redirect-uri <uri>',
    description:
      'callback URL registered for the app, exactly (default http://127.0.0.1:8765/callback; port 0 = a free port on a terminal)',
  },
  redirectUrl: {
    flags: '--redirect-url <address>',
    description: 'step 2: the address the browser was sent to after approving (- reads it from stdin)',
  },
  web: { flags: '--web', description: 'open the authorization URL in a browser (it is always printed on stderr)' },
  browser: {
    flags: '--no-browser',
    description: 'do not listen for the redirect: print step 1 and finish with --redirect-url (the default without a terminal)',
  },
  wait: { flags: '--wait <seconds>', description: 'how long to wait for the browser redirect on a terminal', default: '300' },
  apiUrl: {
    flags: '--api-url <url>',
    description: 'platform API base URL to store in the profile (token endpoint {api_url}/2/oauth2/token)',
  },
} as const satisfies OptionTable;
type Opts = OptionsOf<typeof OPTIONS>;

// The platform reference: an authorization code must be exchanged within 30 seconds.
const EXPIRES_HINT =
  'the code in the redirect is good for 30 seconds (platform reference): run the next command right after approving; if it has expired, start over with step 1';

function fresh(setup: LoginSetup, redirectUri: string) {
  const verifier = codeVerifier();
  const state = randomState();
  const url = buildAuthorizeUrl({
    base: setup.authorizeBase,
    clientId: setup.creds.clientId,
    redirectUri,
    scopes: setup.scopes,
    state,
    challenge: codeChallenge(verifier),
  });
  return { verifier, state, url };
}

/** Headless step 1: pending verifier + state in the profile, the URL on stderr, the JSON on stdout. */
async function start(ctx: Context, setup: LoginSetup, opts: Opts): Promise<number> {
  const redirectUri = setup.target.uri;
  const { verifier, state, url } = fresh(setup, redirectUri);
  ctx.redactor.add(verifier);
  const pending = {
    code_verifier: verifier,
    state,
    redirect_uri: redirectUri,
    client_id: setup.creds.clientId,
    scope: setup.scopes.join(' '),
    authorize_url: url,
    created_at: new Date(ctx.now()).toISOString(),
  };
  const previous = savePendingOAuth2(await ctx.store(), setup.profile, pending, setup.keep);
  ctx.invalidateSettings();
  if (previous) ctx.log.info(`replaced the pending OAuth 2.0 login of profile ${setup.profile} started ${previous.created_at}`);
  const next = `postctl ${setup.profileArg}auth oauth2 --redirect-url '<address>'`;
  ctx.log.info(`Open this URL in a browser (on any machine) and approve the app:\n\n  ${url}\n`);
  ctx.log.info(
    `The browser is then sent to ${redirectUri}?state=…&code=… (the page may fail to load). Copy that whole address and finish with:\n  ${next}\n(${EXPIRES_HINT}.)`,
  );
  if (opts.web) openBrowser(url, (m) => ctx.log.warn(m));
  ctx.printer.object({ authorize_url: url, redirect_uri: redirectUri, expires_hint: EXPIRES_HINT, next });
  return 0;
}

/** On a terminal with a loopback redirect URI: listen, print (and maybe open) the URL, wait. */
async function loopback(ctx: Context, setup: LoginSetup, opts: Opts): Promise<number> {
  const waitMs = parseWait(opts.wait);
  const listener = await listenForRedirect(setup.target);
  try {
    const { verifier, state, url } = fresh(setup, listener.uri);
    ctx.redactor.add(verifier);
    ctx.log.info(`Open this URL in a browser and approve the app:\n\n  ${url}\n`);
    ctx.log.info(`Waiting up to ${Math.round(waitMs / 1000)} s for the redirect to ${listener.uri} (Ctrl-C to stop)…`);
    if (opts.web) openBrowser(url, (m) => ctx.log.warn(m));
    const r = await listener.wait({
      state,
      timeoutMs: waitMs,
      signal: ctx.signal,
      onMismatch: () => ctx.log.warn('ignored a redirect whose state does not match this login attempt; still waiting'),
    });
    if (r.error)
      throw refusedInBrowser(
        clip(neutralize(r.error), 60),
        r.errorDescription && clip(neutralize(r.errorDescription), 300),
        `postctl ${setup.profileArg}auth oauth2`,
      );
    const client = await ctx.client();
    const res = await exchangeCode(client, setup.creds, { code: r.code!, verifier, redirectUri: listener.uri });
    return await finishLogin(ctx, client, setup, res);
  } finally {
    await listener.close();
  }
}

async function readAddress(ctx: Context, opts: Opts): Promise<string> {
  if (opts.redirectUrl !== '-') return String(opts.redirectUrl);
  if (opts.clientSecretStdin)
    throw new UsageError(
      '--redirect-url - and --client-secret-stdin both read stdin',
      'give the client secret in POSTCTL_CLIENT_SECRET (or store it with step 1), or the address as the value of --redirect-url.',
    );
  return readPiped(ctx, 'the redirect address', '--redirect-url -', () =>
    ctx.prompt.text('Address the browser was sent to', { supply: "--redirect-url '<address>'" }),
  );
}

/** Headless step 2: check state, exchange the code with the saved verifier, store the tokens. */
async function complete(ctx: Context, opts: Opts): Promise<number> {
  const address = await readAddress(ctx, opts);
  await applyOAuth2Flags(ctx, opts);
  const s = await ctx.settings();
  const again = `postctl ${profileArg(s.profile, s.profileSource)}auth oauth2`;
  const pending = s.stored.oauth2_pending;
  if (!pending?.code_verifier || !pending.state)
    throw new UsageError(
      `no pending OAuth 2.0 login in profile ${s.profile}`,
      `start with \`${again} --no-browser\` (it prints the URL to open), then finish with \`${again} --redirect-url '<address>'\`.`,
    );
  ctx.redactor.add(pending.code_verifier);
  const r = parseRedirectAddress(address);
  if (!sameState(pending.state, r.state)) {
    const e = new AuthError(
      `the state in the redirect does not match the pending login (${r.state ? 'a different state' : 'no state'}): refused, nothing stored`,
      `use the address from the URL printed by the latest \`${again} --no-browser\`; a redirect you did not start may be a forgery.`,
    );
    e.code = 'state_mismatch';
    throw e;
  }
  const store = await ctx.store();
  if (r.error) {
    dropPendingOAuth2(store, s.profile);
    throw refusedInBrowser(
      clip(neutralize(r.error), 60),
      r.errorDescription && clip(neutralize(r.errorDescription), 300),
      `${again} --no-browser`,
    );
  }
  const client = await ctx.client();
  const creds = { clientId: pending.client_id, clientSecret: s.get('client_secret') };
  try {
    const res = await exchangeCode(client, creds, { code: r.code!, verifier: pending.code_verifier, redirectUri: pending.redirect_uri });
    return await finishLogin(
      ctx,
      client,
      {
        profile: s.profile,
        keep: {
          client_id: pending.client_id,
          client_secret: s.values.client_secret?.source === 'flag' ? s.get('client_secret') : undefined,
        },
      },
      res,
    );
  } catch (e) {
    // A refused code is spent (single use, 30 s): the pending login cannot be finished any more.
    if (e instanceof OAuth2Refused && e.error === 'invalid_grant') {
      dropPendingOAuth2(store, s.profile);
      e.hint = `codes are single-use and expire after 30 s: start over with \`${again} --no-browser\` and finish right after approving.`;
    }
    throw e;
  }
}

export default defineVerb({
  name: 'oauth2',
  description:
    'log in with OAuth 2.0 (authorization code + S256 PKCE); without a terminal it is two steps: `auth oauth2`, then `auth oauth2 --redirect-url <address>`',
  examples: [
    'postctl auth oauth2 --client-id "$CLIENT_ID" --web',
    'postctl auth oauth2 --client-id "$CLIENT_ID" --no-browser > pending.json   # headless step 1',
    "postctl auth oauth2 --redirect-url 'http://127.0.0.1:8765/callback?state=…&code=…'   # headless step 2",
    'printf %s "$SECRET" | postctl auth oauth2 --client-id "$CLIENT_ID" --client-secret-stdin --scopes tweet.read,users.read,offline.access',
  ],
  options: OPTIONS,
  async run(_args, opts, ctx) {
    if (opts.redirectUrl !== undefined) return complete(ctx, opts);
    const setup = await loginSetup(ctx, opts);
    const useLoopback = ctx.io.interactive && opts.browser !== false && setup.target.loopback;
    if (!useLoopback && setup.target.port === 0)
      throw new UsageError(
        '--redirect-uri with port 0 (a free port) works only when postctl listens for the redirect on a terminal',
        'give the exact callback URL registered for the app, e.g. http://127.0.0.1:8765/callback',
      );
    return useLoopback ? loopback(ctx, setup, opts) : start(ctx, setup, opts);
  },
});
