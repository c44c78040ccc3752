#!/usr/bin/env node
// Regenerates the contract fixtures the wire-name tests check against, from the
// official descriptions given on the command line (tests never read them):
//
//   node scripts/contract-extract.mjs <openapi-v2.159.json> <openapi-v2.167.json> <ads-reference-dir>
//
// test/fixtures/contract/openapi-v2.159-extract.json: for the v2 paths postctl
// uses, each method's query parameters (with enums), path parameters and JSON
// body keys (with enums), from v2.159; plus what only v2.167 adds to those
// operations (`v2167`), kept apart so the test can say which one allowed it.
// test/fixtures/contract/openapi-v2.167-extract.json: the same operations as
// v2.167 declares them, whole (the contract test checks each request against
// both where they agree).
// test/fixtures/contract/auth-requirements.json: each operation's `security`
// requirements in both descriptions (BearerToken = app, UserToken = OAuth 1.0a
// user, OAuth2UserToken = OAuth 2.0 user with its scopes).
// test/fixtures/contract/ads-reference.json: every "#### METHOD path" of the
// ads reference pages with its resource URL version and ParamField names.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [v159, v167, adsDir] = process.argv.slice(2);
if (!v159 || !v167 || !adsDir) {
  console.error('usage: node scripts/contract-extract.mjs <openapi-v2.159.json> <openapi-v2.167.json> <ads-reference-dir>');
  process.exit(2);
}
const OUT = new URL('../test/fixtures/contract/', import.meta.url).pathname;
/** The v2 path prefixes postctl's verbs build (platform API). */
const PREFIXES = [
  '/2/tweets',
  '/2/posts',
  '/2/connections',
  '/2/activity/',
  '/2/webhooks',
  '/2/media',
  '/2/insights',
  '/2/users',
  '/2/dm_conversations',
  '/2/dm_events',
  '/2/lists',
  '/2/account_activity/',
  '/2/compliance/',
  '/2/trends/',
  '/2/spaces',
  '/2/communities/',
  '/2/news/',
  '/2/notes',
  '/2/evaluate_note',
  '/2/usage/',
  '/2/chat/',
  '/2/likes/',
  '/2/openapi.json',
];

function resolver(doc) {
  const deref = (o, depth = 0) => {
    if (Array.isArray(o)) return o.map((x) => deref(x, depth));
    if (!o || typeof o !== 'object') return o;
    if (o.$ref && depth < 12)
      return deref(
        o.$ref
          .slice(2)
          .split('/')
          .reduce((x, k) => x[k], doc),
        depth + 1,
      );
    return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, deref(v, depth)]));
  };
  return deref;
}

const enumOf = (schema) => schema?.enum ?? schema?.items?.enum ?? null;

/** JSON body: keys per object path ('' top level, 'filter' …) and enums per key. */
function bodyShape(schema, at = '', out = { keys: {}, enums: {} }) {
  // anyOf/oneOf alternatives (a DM message: text and/or attachments): the keys of any of them.
  const alts = schema?.anyOf ?? schema?.oneOf;
  if (alts) {
    const merged = { type: 'object', properties: Object.assign({}, schema.properties ?? {}, ...alts.map((a) => a.properties ?? {})) };
    return bodyShape(merged, at, out);
  }
  if (schema?.type !== 'object' || !schema.properties) return out;
  out.keys[at] = Object.keys(schema.properties).sort();
  for (const [k, s] of Object.entries(schema.properties)) {
    const p = at ? `${at}.${k}` : k;
    if (enumOf(s)) out.enums[p] = enumOf(s);
    bodyShape(s, p, out);
  }
  return out;
}

function operations(file) {
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  const deref = resolver(doc);
  const ops = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!PREFIXES.some((p) => path.startsWith(p))) continue;
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'delete'].includes(method)) continue;
      const params = deref([...(item.parameters ?? []), ...(op.parameters ?? [])]);
      const query = Object.fromEntries(params.filter((p) => p.in === 'query').map((p) => [p.name, enumOf(p.schema)]));
      const pathParams = Object.fromEntries(
        params.filter((p) => p.in === 'path').map((p) => [p.name, { pattern: p.schema?.pattern ?? null, enum: enumOf(p.schema) }]),
      );
      const body = bodyShape(deref(op.requestBody)?.content?.['application/json']?.schema);
      ops[`${method.toUpperCase()} ${path}`] = { query, path: pathParams, body, security: securityOf(op, doc) };
    }
  }
  return ops;
}

const SCHEMES = { BearerToken: 'app', UserToken: 'user', OAuth2UserToken: 'oauth2' };

/** The operation's security alternatives as {scheme: scopes}, in postctl's words. */
function securityOf(op, doc) {
  const out = {};
  for (const alt of op.security ?? doc.security ?? [])
    for (const [name, scopes] of Object.entries(alt)) out[SCHEMES[name] ?? name] = [...scopes].sort();
  return out;
}

/** Each operation without its security (kept in its own fixture). */
const withoutSecurity = (ops) => Object.fromEntries(Object.entries(ops).map(([k, { security, ...rest }]) => [k, rest]));

/** What v2.167 declares for the same operations beyond v2.159 (enum values, keys). */
function additions(a, b) {
  const out = {};
  for (const [op, spec] of Object.entries(b)) {
    const base = a[op];
    if (!base) continue;
    const add = { query: {}, bodyEnums: {}, bodyKeys: {} };
    for (const [q, e] of Object.entries(spec.query)) {
      const extra = (e ?? []).filter((v) => !(base.query[q] ?? []).includes(v));
      if (extra.length) add.query[q] = extra;
    }
    for (const [k, e] of Object.entries(spec.body.enums)) {
      const extra = e.filter((v) => !(base.body.enums[k] ?? []).includes(v));
      if (extra.length) add.bodyEnums[k] = extra;
    }
    for (const [at, keys] of Object.entries(spec.body.keys)) {
      const extra = keys.filter((k) => !(base.body.keys[at] ?? []).includes(k));
      if (extra.length) add.bodyKeys[at] = extra;
    }
    if (Object.keys(add.query).length + Object.keys(add.bodyEnums).length + Object.keys(add.bodyKeys).length) out[op] = add;
  }
  return out;
}

/**
 * Each "Resource URL" block of the ads pages: version, path, method (from the
 * heading above it, or the example request when the block has no heading of
 * its own) and ParamField names by place.
 */
function adsReference(dir) {
  const ops = {};
  for (const name of readdirSync(dir)
    .filter((n) => n.endsWith('.mdx'))
    .sort()) {
    const text = readFileSync(join(dir, name), 'utf8').replace(/\\_/g, '_');
    const blocks = text.split(/(?:\*\*|#### )Resource URL/);
    for (let i = 1; i < blocks.length; i++) {
      const url = /`https:\/\/ads-api(?:-sandbox)?\.x\.com\/(\d+)\/([^`?\s]+)`/.exec(blocks[i]);
      if (!url) continue;
      const path = url[2];
      const heading = [...blocks[i - 1].matchAll(/^#### (GET|POST|PUT|DELETE) ([^\s[]+)/gm)].at(-1);
      const example = /\b(GET|POST|PUT|DELETE) https:\/\/ads-api(?:-sandbox)?\.x\.com\/\d+\//.exec(blocks[i]);
      const method = heading && heading[2] === path ? heading[1] : example?.[1];
      if (!method) continue;
      const fields = (kind) => [...new Set([...blocks[i].matchAll(new RegExp(`<ParamField ${kind}="([^"]+)"`, 'g'))].map((m) => m[1]))];
      ops[`${method} /${url[1]}/${path}`] = { file: name, path: fields('path'), query: fields('query'), body: fields('body') };
    }
    // Headings whose section has no resource URL of its own (the version from its example request).
    for (const sec of text.split(/^#### /m).slice(1)) {
      const head = /^(GET|POST|PUT|DELETE) ([^\s[]+)/.exec(sec);
      if (!head || Object.keys(ops).some((k) => k.startsWith(`${head[1]} /`) && k.endsWith(`/${head[2]}`))) continue;
      const version = /https:\/\/ads-api(?:-sandbox)?\.x\.com\/(\d+)\//.exec(sec)?.[1];
      if (!version) continue;
      const fields = (kind) => [...new Set([...sec.matchAll(new RegExp(`<ParamField ${kind}="([^"]+)"`, 'g'))].map((m) => m[1]))];
      ops[`${head[1]} /${version}/${head[2]}`] = { file: name, path: fields('path'), query: fields('query'), body: fields('body') };
    }
  }
  return ops;
}

mkdirSync(OUT, { recursive: true });
const a = operations(v159);
const b = operations(v167);
writeFileSync(
  join(OUT, 'openapi-v2.159-extract.json'),
  JSON.stringify(
    {
      source: 'openapi-v2.159.json (official SDK, July 2026); v2167: additions of openapi-v2.167.json',
      operations: withoutSecurity(a),
      v2167: additions(a, b),
    },
    null,
    1,
  ) + '\n',
);
writeFileSync(
  join(OUT, 'openapi-v2.167-extract.json'),
  JSON.stringify({ source: 'openapi-v2.167.json (docs repository, August 2026)', operations: withoutSecurity(b) }, null, 1) + '\n',
);
const auth = {};
for (const key of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort())
  auth[key] = { ...(a[key] ? { 'v2.159': a[key].security } : {}), ...(b[key] ? { 'v2.167': b[key].security } : {}) };
writeFileSync(
  join(OUT, 'auth-requirements.json'),
  JSON.stringify(
    {
      source:
        'security requirements of openapi-v2.159.json and openapi-v2.167.json (app = BearerToken, user = UserToken, oauth2 = OAuth2UserToken with scopes)',
      operations: auth,
    },
    null,
    1,
  ) + '\n',
);
writeFileSync(
  join(OUT, 'ads-reference.json'),
  JSON.stringify({ source: 'ads reference pages (docs.x.com/x-ads-api, snapshot 2026-08-22)', operations: adsReference(adsDir) }, null, 1) +
    '\n',
);
console.error(`wrote ${Object.keys(a).length} v2 operations and the ads reference to ${OUT}`);
