// `postctl auth login`: 3-legged OAuth 1.0a with a one-shot loopback callback.
import { prepareApp } from '../../auth/app-credentials.js';
import { openBrowser } from '../../auth/browser.js';
import { startCallbackServer } from '../../auth/callback-server.js';
import { explainAccessTokenError } from '../../auth/errors.js';
import { reportLogin, saveAccessToken } from '../../auth/session.js';
import { ApiError } from '../../errors/api-error.js';
import { authorizeUrl, exchangeVerifier, requestToken } from '../../platform/oauth.js';
import { defineVerb } from '../define.js';
import { parsePort, parseWait } from './_numbers.js';
import { APP_OPTIONS, AUTHORIZE_OPTIONS, URL_OPTIONS } from './_options.js';

export default defineVerb({
  name: 'login',
  description: 'log in with the 3-legged OAuth 1.0a flow: a one-shot callback server on 127.0.0.1 receives the redirect',
  examples: [
    'postctl auth login --web',
    'postctl --profile work auth login --consumer-key KEY --consumer-secret-stdin --callback-port 8765 < secret.txt',
    'postctl auth login --access read --force-login',
  ],
  options: {
    ...APP_OPTIONS,
    ...URL_OPTIONS,
    ...AUTHORIZE_OPTIONS,
    callbackPort: {
      flags: '--callback-port <port>',
      description:
        'port of the loopback callback server (default: a free one); the callback URL http://127.0.0.1:<port>/callback must be registered for the app',
    },
    wait: { flags: '--wait <seconds>', description: 'how long to wait for the browser redirect', default: '300' },
  },
  async run(_args, opts, ctx) {
    const port = parsePort(opts.callbackPort);
    const waitMs = parseWait(opts.wait);
    const s = await prepareApp(ctx, opts, { askUrls: true });
    const server = await startCallbackServer(port);
    try {
      const client = await ctx.client();
      const request = await requestToken(client, server.url, opts.access).catch((e: unknown) => {
        if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
          e.hint = `the API refused the request token: check the consumer key/secret, and that ${port ? server.url : 'http://127.0.0.1:<port>/callback (use a fixed --callback-port)'} is registered as a callback URL of the app. On a machine without a browser use \`postctl auth pin\`.`;
        }
        throw e;
      });
      const url = authorizeUrl(s.get('api_url')!, 'authenticate', request.token, {
        forceLogin: Boolean(opts.forceLogin),
        screenName: opts.screenName,
      });
      ctx.log.info(`Open this URL in a browser and approve the app:\n\n  ${url}\n`);
      ctx.log.info(`Waiting up to ${Math.round(waitMs / 1000)} s for the redirect to ${server.url} (Ctrl-C to stop)…`);
      if (opts.web) openBrowser(url, (m) => ctx.log.warn(m));
      const verifier = await server.waitFor(request.token, {
        timeoutMs: waitMs,
        signal: ctx.signal,
        onMismatch: () => ctx.log.warn('ignored a redirect for another login attempt (its oauth_token does not match); still waiting'),
      });
      const access = await exchangeVerifier(client, request, verifier).catch((e: unknown) => {
        throw explainAccessTokenError(e, 'callback');
      });
      reportLogin(ctx, await saveAccessToken(ctx, s.profile, access));
      return 0;
    } finally {
      await server.close();
    }
  },
});
