// Shared by the contract tests (test/cli/contract*.test.ts): the committed
// reference extracts under test/fixtures/contract, matching a logged request
// (method + path) to an operation by path template (`{id}` and `:id` styles),
// and what is wrong with its path parameters, query parameter names and enum
// values, and JSON body keys.
import { readFileSync } from 'node:fs';
import type { LogEntry } from '../../src/emulator/state.js';

type Enum = string[] | null;
/** One operation of an openapi extract (scripts/contract-extract.mjs). */
export interface V2Op {
  query: Record<string, Enum>;
  path: Record<string, { pattern: string | null; enum: Enum }>;
  body: { keys: Record<string, string[]>; enums: Record<string, string[]> };
}
/** What v2.167 adds to a v2.159 operation (accepted from its additions). */
export interface V2Add {
  query: Record<string, string[]>;
  bodyEnums: Record<string, string[]>;
  bodyKeys: Record<string, string[]>;
}
/** One entry of the ads reference extract: the query parameters and body fields listed. */
export interface AdsOp {
  query: string[];
  body: string[];
}
type Request = Pick<LogEntry, 'method' | 'path' | 'query' | 'body'>;

const FIX = new URL('../fixtures/contract/', import.meta.url);

/** A fixture under test/fixtures/contract, parsed. */
export function fixture<T>(name: string): T {
  return JSON.parse(readFileSync(new URL(name, FIX), 'utf8')) as T;
}

/** The `operations` of a fixture under test/fixtures/contract. */
export function operations<T>(name: string): Record<string, T> {
  return fixture<{ operations: Record<string, T> }>(name).operations;
}

/** A path template (`/2/users/{id}`, `/12/accounts/:account_id`) as a whole-path pattern. */
const templateRe = (t: string) => new RegExp(`^${t.replace(/\{[^}]+\}|:\w+/g, '[^/]+')}$`);

/** The keys (`METHOD /template`) of `ops` whose method and template match a request, in the order of `ops`. */
export function templateKeys(ops: Record<string, unknown>, e: Pick<LogEntry, 'method' | 'path'>): string[] {
  return Object.keys(ops).filter((k) => k.startsWith(`${e.method} `) && templateRe(k.slice(e.method.length + 1)).test(e.path));
}

const paramCount = (key: string) => key.split('/').filter((s) => /^\{.*\}$|^:/.test(s)).length;

/** The operation key of a request among `ops`: a literal segment beats a parameter (/2/users/by is not /2/users/{id}). */
export function opKey(ops: Record<string, unknown>, e: Pick<LogEntry, 'method' | 'path'>): string | undefined {
  const keys = templateKeys(ops, e);
  return keys.sort((a, b) => paramCount(a) - paramCount(b))[0];
}

/** The path parameters of a request by the `{name}` segments of its operation key. */
export function pathParams(key: string, path: string): Record<string, string> {
  const segs = path.split('/');
  const params: Record<string, string> = {};
  for (const [i, s] of key
    .slice(key.indexOf(' ') + 1)
    .split('/')
    .entries()) {
    const p = /^\{(\w+)\}$/.exec(s);
    if (p) params[p[1]!] = decodeURIComponent(segs[i]!);
  }
  return params;
}

function bodyProblems(key: string, obj: Record<string, unknown>, op: V2Op, add: V2Add | undefined, at: string, out: string[]): void {
  const keys = [...(op.body.keys[at] ?? []), ...(add?.bodyKeys[at] ?? [])];
  for (const [k, v] of Object.entries(obj)) {
    const p = at ? `${at}.${k}` : k;
    if (!keys.includes(k)) out.push(`${key}: body key ${p} is not in the schema`);
    const allowed = [...(op.body.enums[p] ?? []), ...(add?.bodyEnums[p] ?? [])];
    if (allowed.length && typeof v === 'string' && !allowed.includes(v)) out.push(`${key}: body ${p} value ${v} is not in the enum`);
    if (v && typeof v === 'object' && !Array.isArray(v)) bodyProblems(key, v as Record<string, unknown>, op, add, p, out);
  }
}

/**
 * What is wrong with a request against its operation `key`: path parameters against
 * their patterns (when `params` is given), query parameters declared with enum values
 * allowed, JSON or multipart/form-data body keys in the schema with enum values allowed (`add`: v2.167's additions, accepted).
 */
export function opProblems(key: string, op: V2Op, e: Request, o: { add?: V2Add; params?: Record<string, string> } = {}): string[] {
  const out: string[] = [];
  for (const [name, value] of Object.entries(o.params ?? {})) {
    const pattern = op.path[name]?.pattern;
    if (pattern && !new RegExp(pattern).test(value)) out.push(`${key}: path ${name}=${value} does not match ${pattern}`);
  }
  for (const [name, value] of e.query) {
    if (!(name in op.query)) {
      out.push(`${key}: query parameter ${name} is not declared`);
      continue;
    }
    const allowed = op.query[name];
    if (!allowed) continue;
    for (const v of value.split(','))
      if (!allowed.includes(v) && !(o.add?.query[name] ?? []).includes(v)) out.push(`${key}: ${name} value ${v} is not in the enum`);
  }
  if (e.body?.trimStart().startsWith('{')) bodyProblems(key, JSON.parse(e.body), op, o.add, '', out);
  else if (e.body?.startsWith('--')) bodyProblems(key, formFields(e.body), op, o.add, '', out);
  return out;
}

/** A multipart/form-data body's fields: text parts with their values, file parts as ''. */
function formFields(body: string): Record<string, string> {
  const boundary = /^--([^\r\n]+)\r\n/.exec(body)?.[1];
  const out: Record<string, string> = {};
  if (!boundary) return out;
  for (const part of body.split(`--${boundary}`).slice(1, -1)) {
    const m = /^\r\ncontent-disposition: form-data; name="([^"]*)"(; filename="[^"]*")?[\s\S]*?\r\n\r\n([\s\S]*)\r\n$/i.exec(part);
    if (m) out[m[1]!] = m[2] ? '' : m[3]!;
  }
  return out;
}

/** The query parameters of a request that an ads reference entry lists neither as a parameter nor as a body field. */
export function adsQueryProblems(key: string, op: AdsOp, query: LogEntry['query']): string[] {
  return query.filter(([n]) => !op.query.includes(n) && !op.body.includes(n)).map(([n]) => `${key}: query parameter ${n} is not listed`);
}

/** The ads API's reference entries: campaign management, creatives and audiences, and analytics (its parameters as query). */
export function adsReference(): Record<string, AdsOp> {
  const analytics = operations<{ params?: Record<string, unknown> }>('ads-analytics-reference.json');
  return {
    ...operations<AdsOp>('ads-reference.json'),
    ...Object.fromEntries(Object.entries(analytics).map(([k, o]) => [k, { query: Object.keys(o.params ?? {}), body: [] }])),
  };
}

/** What is wrong with an ads request against the reference: no entry for its method and path, or query parameters it does not list. */
export function adsRequestProblems(ops: Record<string, AdsOp>, e: Pick<LogEntry, 'method' | 'path' | 'query'>): string[] {
  const key = templateKeys(ops, e)[0];
  if (!key) return [`${e.method} ${e.path}: not in the ads reference`];
  return adsQueryProblems(key, ops[key]!, e.query);
}
