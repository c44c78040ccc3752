// The client's endpoint-auth table (src/auth/endpoint-auth.ts) is the committed
// extract of both descriptions' security requirements
// (test/fixtures/contract/auth-requirements.json), derived again here: the
// schemes either description allows, and the OAuth 2.0 scopes both demand.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_AUTH, endpointKey } from '../../src/auth/endpoint-auth.js';
import { ruleFor } from '../../src/emulator/endpoint-auth.js';

type Security = Record<string, string[]>;
const EXTRACT = JSON.parse(readFileSync(new URL('../fixtures/contract/auth-requirements.json', import.meta.url), 'utf8'))
  .operations as Record<string, Record<string, Security>>;

function derived(descs: Security[]): { accepts: string[]; scopes: string[] } {
  const accepts = ['app', 'user', 'oauth2'].filter((s) => descs.some((d) => s in d));
  const o2 = descs.filter((d) => d.oauth2).map((d) => d.oauth2!);
  const scopes = o2.length ? o2.reduce((a, b) => a.filter((x) => b.includes(x))) : [];
  return { accepts, scopes };
}

describe('endpoint auth table', () => {
  it('equals the extract of openapi v2.159 and v2.167, endpoint by endpoint', () => {
    const fromExtract = Object.fromEntries(Object.entries(EXTRACT).map(([k, v]) => [k, derived(Object.values(v))]));
    const table = Object.fromEntries(
      Object.entries(ENDPOINT_AUTH).map(([k, v]) => [k, { accepts: [...v.accepts], scopes: [...v.scopes] }]),
    );
    expect(table).toEqual(fromExtract);
  });

  it('the facts the issue names', () => {
    expect(ENDPOINT_AUTH['POST /2/tweets']).toEqual({ accepts: ['user', 'oauth2'], scopes: ['tweet.read', 'tweet.write', 'users.read'] });
    expect(ENDPOINT_AUTH['POST /2/media/upload/initialize']).toEqual({ accepts: ['user', 'oauth2'], scopes: ['media.write'] });
    expect(ENDPOINT_AUTH['GET /2/tweets/counts/recent']!.accepts).toEqual(['app', 'oauth2']);
    expect(ENDPOINT_AUTH['GET /2/tweets/search/all']!.accepts).toEqual(['app']);
    expect(ENDPOINT_AUTH['PUT /2/webhooks/{webhook_id}']!.accepts).toEqual(['app', 'user']);
  });

  it('finds the key of a request path in either spelling; literal paths before templates', () => {
    expect(endpointKey('get', '/2/tweets/search/recent?query=x')).toBe('GET /2/tweets/search/recent');
    expect(endpointKey('GET', '/2/posts/123')).toBe('GET /2/tweets/{id}');
    expect(endpointKey('DELETE', '/2/connections/all')).toBe('DELETE /2/connections/all');
    expect(endpointKey('DELETE', '/2/connections/filtered_stream')).toBe('DELETE /2/connections/{endpoint_id}');
    expect(endpointKey('POST', 'https://api.x.com/2/media/upload/77/append')).toBe('POST /2/media/upload/{id}/append');
    expect(endpointKey('GET', '/2/users/by')).toBe('GET /2/users/by');
    expect(endpointKey('GET', '/2/broadcasts/1')).toBeUndefined();
  });

  it("the emulator's own table agrees with the client's on every endpoint it serves", () => {
    for (const [key, entry] of Object.entries(ENDPOINT_AUTH)) {
      const [method, path] = key.split(' ') as [string, string];
      const rule = ruleFor(method, path.replace(/\{(\w+)\}/g, ':$1'));
      if (!rule) continue;
      expect({ key, app: Boolean(rule.bearer), user: Boolean(rule.oauth1), oauth2: rule.oauth2 ?? null }).toEqual({
        key,
        app: entry.accepts.includes('app'),
        user: entry.accepts.includes('user'),
        oauth2: entry.accepts.includes('oauth2') ? entry.scopes : null,
      });
    }
    expect(ruleFor('POST', '/2/posts')).toBe(ruleFor('POST', '/2/tweets'));
  });
});
