// `postctl request`: any endpoint of either API through the shared client.
import { readFile } from 'node:fs/promises';
import type { Context } from '../../context.js';
import { InputError } from '../../errors.js';
import { ApiError } from '../../api-error.js';
import type { ApiName, AuthMode, RequestOptions } from '../../http/client.js';
import type { Params } from '../../http/encode.js';
import { adsCursor, pages, v2Cursor } from '../../http/paginate.js';
import { readStdin } from '../../prompt.js';
import { stringifyJson } from '../../json/stringify.js';
import { neutralize } from '../../output/sanitize.js';

function splitField(raw: string, flag: string): [string, string] {
  const i = raw.indexOf('=');
  if (i <= 0) throw new InputError(`${flag} expects key=value, got ${JSON.stringify(raw)}`);
  return [raw.slice(0, i), raw.slice(i + 1)];
}

async function typedValue(v: string, ctx: Context): Promise<unknown> {
  if (v === '@-') return (await readStdin(ctx.io.stdin)).replace(/\n$/, '');
  if (v.startsWith('@')) return (await readFile(v.slice(1), 'utf8')).replace(/\n$/, '');
  if (v === 'true') return true;
  if (v === 'false') return false;
  if (v === 'null') return null;
  if (/^-?\d+(\.\d+)?$/.test(v) && String(Number(v)) === v) return Number(v);
  return v;
}

export function inferApi(path: string): ApiName {
  const p = /^https?:/.test(path) ? new URL(path).pathname : path;
  return /^\/?(12|5|\d{1,2})\//.test(p) && !/^\/?(2|1\.1)\//.test(p) ? 'ads' : 'platform';
}

export async function run([methodArg, path]: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
  const method = methodArg!.toUpperCase();
  if (!/^(GET|POST|PUT|DELETE|PATCH|HEAD)$/.test(method)) throw new InputError(`unknown HTTP method ${methodArg}`, [], 'use GET, POST, PUT, DELETE or PATCH.');
  const api: ApiName = opts.api ?? inferApi(path!);
  const settings = await ctx.settings();
  const auth: AuthMode = opts.auth ?? (settings.get('access_token') ? 'user' : settings.get('bearer_token') ? 'app' : settings.stored.oauth2 ? 'oauth2' : 'user');
  const fields: Array<[string, unknown]> = [];
  for (const raw of (opts.rawField as string[] | undefined) ?? []) fields.push(splitField(raw, '-f'));
  for (const raw of (opts.field as string[] | undefined) ?? []) {
    const [k, v] = splitField(raw, '-F');
    fields.push([k, await typedValue(v, ctx)]);
  }
  const headers: Record<string, string> = {};
  for (const h of (opts.header as string[] | undefined) ?? []) {
    const i = h.indexOf(':');
    if (i <= 0) throw new InputError(`-H expects name:value, got ${JSON.stringify(h)}`);
    headers[h.slice(0, i).trim().toLowerCase()] = h.slice(i + 1).trim();
  }
  const req: RequestOptions = { api, method, path: path!, auth, headers };
  const asParams = (): Params => fields.map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]);
  if (opts.input) {
    req.body = opts.input === '-' ? await readStdin(ctx.io.stdin) : await readFile(opts.input, 'utf8');
    req.query = asParams();
  } else if (method === 'GET' || method === 'DELETE' || method === 'HEAD' || api !== 'platform') {
    // The ads API takes write parameters in the query unless a JSON body is stated.
    req.query = asParams();
  } else if (opts.form) {
    req.form = asParams();
  } else if (fields.length) {
    req.json = Object.fromEntries(fields);
  }
  const client = await ctx.client();

  if (opts.paginate) {
    let stream: ReturnType<typeof ctx.printer.stream> | undefined;
    for await (const page of pages(client, req, api === 'platform' ? v2Cursor : adsCursor)) {
      if (!stream) {
        const { data: _d, next_cursor: _c, meta: _m, ...head } = page.envelope;
        stream = ctx.printer.stream(undefined, head);
      }
      stream.add(page.items);
    }
    stream?.end();
    return 0;
  }

  try {
    // 'raw': the body goes to stdout byte for byte (big numbers, odd spacing and all).
    const res = await client.request({ ...req, noThrow: true, expect: 'raw' });
    if (opts.include) {
      ctx.printer.write(`HTTP/1.1 ${res.status}\n`);
      for (const [k, v] of Object.entries(res.headers)) ctx.printer.write(`${k}: ${v}\n`);
      ctx.printer.write('\n');
    }
    if (res.raw.length && !ctx.io.stdoutTTY) ctx.printer.write(res.raw);
    // A terminal gets the text with control characters neutralised and a closing newline.
    else if (res.raw.length) ctx.printer.write(neutralize(res.text.endsWith('\n') ? res.text : res.text + '\n', true));
    if (res.status >= 400) throw new ApiError({ status: res.status, method, url: res.url, body: res.body, requestId: res.headers['x-request-id'], auth });
    return 0;
  } catch (e) {
    // Errors after retries (429, 5xx) still show the body on stdout, like any other response.
    if (e instanceof ApiError && e.status >= 500 && e.body !== null && e.body !== undefined) ctx.printer.write((typeof e.body === 'string' ? e.body : stringifyJson(e.body, 2)) + '\n');
    throw e;
  }
}
