// The request `postctl request` sends, from its arguments: which API, the
// -f/-F fields, -H headers and where the parameters go (query, form, JSON or --input).
import type { Context } from '../entry/context.js';
import { InputError } from '../errors/cli-error.js';
import type { ApiName, RequestOptions } from '../http/client.js';
import type { Params } from '../http/encode.js';
import { readRegularFile } from '../input/regular-file.js';
import { MAX_DATA_BYTES, readDataFile } from '../input/structured.js';

/** The flags of `postctl request` read here. */
export interface RequestFlags {
  rawField?: string[];
  field?: string[];
  header?: string[];
  form?: boolean;
  input?: string;
}

function splitField(raw: string, flag: string): [string, string] {
  const i = raw.indexOf('=');
  if (i <= 0) throw new InputError(`${flag} expects key=value, got ${JSON.stringify(raw)}`);
  return [raw.slice(0, i), raw.slice(i + 1)];
}

async function typedValue(v: string, key: string, ctx: Context): Promise<unknown> {
  // A file part is a regular file of at most MAX_DATA_BYTES (/dev/zero or a FIFO would grow or hang), stdin likewise capped.
  if (v === '@-') return (await readDataFile('-', MAX_DATA_BYTES, ctx.io.stdin)).replace(/\n$/, '');
  if (v.startsWith('@')) return (await readRegularFile(v.slice(1), `-F ${key}`)).toString('utf8').replace(/\n$/, '');
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

/** -f fields as strings, then -F fields typed (numbers, booleans, null, @file). */
export async function fieldsOf(opts: RequestFlags, ctx: Context): Promise<Array<[string, unknown]>> {
  const fields: Array<[string, unknown]> = [];
  for (const raw of opts.rawField ?? []) fields.push(splitField(raw, '-f'));
  for (const raw of opts.field ?? []) {
    const [k, v] = splitField(raw, '-F');
    fields.push([k, await typedValue(v, k, ctx)]);
  }
  return fields;
}

export function headersOf(opts: RequestFlags): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const h of opts.header ?? []) {
    const i = h.indexOf(':');
    if (i <= 0) throw new InputError(`-H expects name:value, got ${JSON.stringify(h)}`);
    headers[h.slice(0, i).trim().toLowerCase()] = h.slice(i + 1).trim();
  }
  return headers;
}

/** Puts the parameters (and --input) where the method and API take them. */
export async function placeParams(req: RequestOptions, fields: Array<[string, unknown]>, opts: RequestFlags, ctx: Context): Promise<void> {
  const asParams = (): Params => fields.map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]);
  const method = req.method;
  if (opts.input) {
    req.body =
      opts.input === '-'
        ? await readDataFile('-', MAX_DATA_BYTES, ctx.io.stdin)
        : (await readRegularFile(opts.input, '--input')).toString('utf8');
    req.query = asParams();
  } else if (method === 'GET' || method === 'DELETE' || method === 'HEAD' || req.api !== 'platform') {
    // The ads API takes write parameters in the query unless a JSON body is stated.
    req.query = asParams();
  } else if (opts.form) {
    req.form = asParams();
  } else if (fields.length) {
    req.json = Object.fromEntries(fields);
  }
}
