// `postctl request`: any endpoint of either API through the shared client.
import { endpointKey } from '../auth/endpoint-auth.js';
import { refuseTokenEndpoint } from '../auth/token-endpoints.js';
import type { ResolvedSettings } from '../config/resolve.js';
import type { Context } from '../entry/context.js';
import { chooseAuth } from '../platform/auth-choice.js';
import { InputError } from '../errors/cli-error.js';
import { ApiError } from '../errors/api-error.js';
import type { ApiClient, ApiName, AuthMode, RequestOptions } from '../http/client.js';
import { adsCursor, pages, v2Cursor } from '../http/paginate.js';
import { stringifyJson } from '../json/stringify.js';
import { neutralize } from '../output/sanitize.js';
import { fieldsOf, headersOf, inferApi, placeParams } from './_request-params.js';
import { isStreamingPath, streamRequest } from './_request-stream.js';
import { defineVerb } from './define.js';

/** The request as built here: method and auth always stated. */
type Request = RequestOptions & { method: string; auth: AuthMode };

/** --paginate: every page's items as one stream (the first page's envelope, minus the paging keys, as its head). */
async function sendPaginated(client: ApiClient, req: RequestOptions, api: ApiName, ctx: Context): Promise<number> {
  let stream: ReturnType<typeof ctx.printer.stream> | undefined;
  // No cursor flag here: a listing cut short says which query parameter to send (-q) to go on.
  const { flag: _flag, ...style } = api === 'platform' ? v2Cursor : adsCursor;
  for await (const page of pages(client, req, style)) {
    if (!stream) {
      const { data: _d, next_cursor: _c, meta: _m, ...head } = page.envelope;
      stream = ctx.printer.stream(undefined, head);
    }
    stream.add(page.items);
  }
  stream?.end();
  return 0;
}

/** One request; the body as received, and exit by status. */
async function sendOnce(client: ApiClient, req: Request, include: boolean | undefined, ctx: Context): Promise<number> {
  try {
    // 'raw': the body goes to stdout byte for byte (big numbers, odd spacing and all).
    const res = await client.request({ ...req, noThrow: true, expect: 'raw' });
    if (include) {
      ctx.printer.write(`HTTP/1.1 ${res.status}\n`);
      for (const [k, v] of Object.entries(res.headers)) ctx.printer.write(`${k}: ${v}\n`);
      ctx.printer.write('\n');
    }
    // --query: the JSON body filtered (as `gh api --jq`); without it the body as received.
    if (ctx.printer.querying && res.body !== null && typeof res.body === 'object') ctx.printer.value(res.body);
    else if (res.raw.length && !ctx.io.stdoutTTY) ctx.printer.write(res.raw);
    // A terminal gets JSON indented (other text as it came), control characters neutralised, a closing newline.
    else if (res.raw.length) {
      const text = res.body !== null && typeof res.body === 'object' ? stringifyJson(res.body, 2) : res.text;
      ctx.printer.write(neutralize(text.endsWith('\n') ? text : text + '\n', true));
    }
    if (res.status >= 400)
      throw new ApiError({
        status: res.status,
        method: req.method,
        url: res.url,
        body: res.body,
        requestId: res.headers['x-request-id'],
        auth: req.auth,
      });
    return 0;
  } catch (e) {
    // Errors after retries (429, 5xx) still show the body on stdout, like any other response.
    if (e instanceof ApiError && e.status >= 500 && e.body !== null && e.body !== undefined)
      ctx.printer.write((typeof e.body === 'string' ? e.body : stringifyJson(e.body, 2)) + '\n');
    throw e;
  }
}

/**
 * A platform endpoint the table knows (src/auth/endpoint-auth.ts): --auth
 * app/user/oauth2 must be one it accepts, and the default is the first the
 * profile holds (user, app, then OAuth 2.0). Anything else: as asked, or user
 * when an access token is configured, app when only a bearer token is,
 * oauth2 when only an OAuth 2.0 login is.
 */
function requestAuth(settings: ResolvedSettings, api: ApiName, method: string, path: string, flag: AuthMode | undefined): AuthMode {
  const endpoint = api === 'platform' ? endpointKey(method, path) : undefined;
  if (endpoint && (flag === undefined || flag === 'app' || flag === 'user' || flag === 'oauth2'))
    return chooseAuth(settings, { endpoints: [endpoint], prefer: ['user', 'app', 'oauth2'], flag });
  if (flag) return flag;
  return settings.get('access_token') ? 'user' : settings.get('bearer_token') ? 'app' : settings.stored.oauth2 ? 'oauth2' : 'user';
}

export default defineVerb({
  name: 'request <method> <path>',
  description: 'send any API request, signed, with retries and rate-limit handling (like `gh api`)',
  examples: [
    'postctl request GET /2/posts -f ids=1460323737035677698 -f post.fields=created_at',
    'postctl request GET /12/accounts/18ce54d4x5t/line_items/8u94t --api ads',
    'postctl request PUT /12/accounts/18ce54d4x5t/line_items/8u94t -f entity_status=PAUSED',
    'postctl request POST /2/activity/subscriptions --input sub.json',
    'postctl request GET /12/accounts --paginate -o jsonl',
    'postctl request GET /2/users/me --auth oauth2',
    'postctl request GET /2/tweets/search/stream --reconnect --limit 10',
  ],
  options: {
    api: {
      flags: '--api <api>',
      description: 'which base URL (default: ads for /12/ and /5/ paths, else platform)',
      choices: ['platform', 'ads', 'ads-sandbox'],
    },
    auth: {
      flags: '--auth <mode>',
      description:
        'authentication: user (OAuth 1.0a), app (bearer), oauth2 (OAuth 2.0 user context, refreshed as needed), basic or none (default: user; app when only a bearer token is configured; oauth2 when only an OAuth 2.0 login is)',
      choices: ['user', 'app', 'oauth2', 'basic', 'none'],
    },
    rawField: { flags: '-f, --raw-field <key=value>', description: 'string parameter (repeatable)', repeatable: true },
    field: {
      flags: '-F, --field <key=value>',
      description: 'typed parameter: numbers, true/false/null, @file or @- for stdin (repeatable)',
      repeatable: true,
    },
    form: { flags: '--form', description: 'send parameters form-encoded (signed) instead of as JSON (platform POST/PUT)' },
    input: { flags: '--input <file>', description: 'raw JSON request body from a file, or - for stdin' },
    header: { flags: '-H, --header <name:value>', description: 'extra request header (repeatable)', repeatable: true },
    include: { flags: '-i, --include', description: 'print the status line and response headers before the body' },
    paginate: { flags: '--paginate', description: 'follow next_cursor (ads) or meta.next_token (v2) and stream every page' },
    stream: {
      flags: '--stream',
      description: 'write the body as it arrives (on by itself for streaming endpoints such as /2/tweets/search/stream)',
    },
    reconnect: {
      flags: '--reconnect',
      description: 'with a stream: reconnect on disconnects and stalls as `stream connect` does, one JSON line per message',
    },
    limit: { flags: '--limit <n>', description: 'with --reconnect: stop after n messages (exit 0)' },
    maxReconnects: { flags: '--max-reconnects <n>', description: 'with --reconnect: attempts per outage before giving up (default 10)' },
    stallTimeout: {
      flags: '--stall-timeout <seconds>',
      description: 'with --reconnect: reconnect after this long without a byte (default 30)',
    },
  },
  async run([methodArg, path], opts, ctx) {
    const method = methodArg.toUpperCase();
    if (!/^(GET|POST|PUT|DELETE|PATCH|HEAD)$/.test(method))
      throw new InputError(`unknown HTTP method ${methodArg}`, [], 'use GET, POST, PUT, DELETE or PATCH.');
    refuseTokenEndpoint(method, path);
    const api: ApiName = opts.api ?? inferApi(path);
    const settings = await ctx.settings();
    const auth = requestAuth(settings, api, method, path, opts.auth);
    const fields = await fieldsOf(opts, ctx);
    const req: Request = { api, method, path, auth, headers: headersOf(opts) };
    await placeParams(req, fields, opts, ctx);
    const client = await ctx.client();
    if (opts.stream || opts.reconnect || (api === 'platform' && isStreamingPath(path))) return streamRequest(client, req, opts, ctx);
    return opts.paginate ? sendPaginated(client, req, api, ctx) : sendOnce(client, req, opts.include, ctx);
  },
});
