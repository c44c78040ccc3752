// The pure parts of `postctl mcp` and `auth import`: tool schemas and command lines from verb declarations,
// the access rules, the secret scrubber, the twurl and xurl readers and the import plan.
import * as parse from 'yaml';
import { describe, expect, it } from 'vitest';
import type { VerbSpec } from '../../src/commands/define.js';
import { apply, plan } from '../../src/auth/import-plan.js';
import { parseTwurlrc, parseXurl } from '../../src/auth/import-sources.js';
import { accessOf, isNeverTool, requestReads, toolFilter } from '../../src/mcp/access.js';
import { scrubText, scrubValue } from '../../src/mcp/scrub.js';
import { argvOf, toolShape } from '../../src/mcp/tool-schema.js';

const verb = (name: string, options: VerbSpec['options'] = []): VerbSpec => ({
  name,
  description: 'd',
  examples: [],
  options,
  load: async () => ({ run: async () => 0 }),
});

describe('tool schema and command line', () => {
  const spec = verb('update <line_item_id> [tags...]', [
    { flags: '--bid <amount>', description: 'the bid' },
    { flags: '--count <n>', description: 'required: how many' },
    { flags: '--keys <list>', description: 'keys' },
    { flags: '--field <key=value>', description: 'a field (repeatable)', repeatable: true },
    { flags: '--mode <mode>', description: 'm', choices: ['auto', 'job'], default: 'auto' },
    { flags: '--fetch', description: 'fetch it' },
    { flags: '--no-fetch', description: 'do not fetch' },
    { flags: '--no-edit-check', description: 'skip the check' },
    { flags: '-y, --yes', description: 'no confirmation' },
    { flags: '--secret-thing <x>', description: 'hidden', hidden: true },
  ]);
  const shape = toolShape(['ads', 'line-items', 'update'], spec);

  it('names, types, enums, defaults, required, lists and the --no- twins', () => {
    expect(shape.name).toBe('ads_line_items_update');
    const p = shape.inputSchema.properties;
    // Arrays are named in the plural (--field → fields).
    expect(Object.keys(p)).toEqual(['line_item_id', 'tags', 'bid', 'count', 'keys', 'fields', 'mode', 'fetch', 'edit_check', 'yes']);
    expect(p.line_item_id).toMatchObject({ type: 'string', description: 'the line item id' });
    expect(p.tags).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(p.bid).toMatchObject({ type: 'string' });
    expect(p.count).toMatchObject({ type: 'integer' });
    expect(p.keys).toMatchObject({ type: 'array' });
    expect(p.mode).toMatchObject({ type: 'string', enum: ['auto', 'job'], default: 'auto' });
    expect(p.fetch).toMatchObject({ type: 'boolean' });
    expect(shape.inputSchema.required).toEqual(['line_item_id', 'count']);
    expect(shape.inputSchema.additionalProperties).toBe(false);
  });

  it('builds argv with --flag=value, lists joined, repeats repeated, booleans as switches', () => {
    const argv = argvOf(shape, {
      line_item_id: '8u94t',
      tags: ['a', 'b'],
      bid: '2.50',
      count: 5,
      keys: ['x', 'y'],
      fields: ['a=1', 'b=2'],
      fetch: false,
      edit_check: false,
      yes: true,
    });
    expect(argv).toEqual([
      'ads',
      'line-items',
      'update',
      '8u94t',
      'a',
      'b',
      '--bid=2.50',
      '--count=5',
      '--keys=x,y',
      '--field=a=1',
      '--field=b=2',
      '--no-fetch',
      '--no-edit-check',
      '--yes',
    ]);
    expect(argvOf(shape, { line_item_id: '1', fetch: true, edit_check: true })).toEqual(['ads', 'line-items', 'update', '1', '--fetch']);
  });

  it('refuses unknown inputs, arguments that look like flags, and values of the wrong kind', () => {
    expect(() => argvOf(shape, { nope: 1 })).toThrow(/unknown input "nope"/);
    expect(() => argvOf(shape, { line_item_id: '--verbose' })).toThrow(/may not start with '-'/);
    expect(() => argvOf(shape, { line_item_id: '-' })).toThrow(/may not start/);
    expect(() => argvOf(shape, { yes: 'true' })).toThrow(/true or false/);
    expect(() => argvOf(shape, { bid: { a: 1 } })).toThrow(/string or a number/);
  });

  it('leaves out stdin arguments; two inputs of one name throw', () => {
    expect(Object.keys(toolShape(['posts', 'create'], verb('create [-]')).inputSchema.properties)).toEqual([]);
    expect(() => toolShape(['x'], verb('x <keys>', [{ flags: '--keys <list>', description: '' }]))).toThrow(/two inputs named keys/);
    // A list flag of the same meaning as the argument list is one input (`ads stats <entity_ids...> --ids`).
    const folded = toolShape(['ads', 'stats'], verb('stats [entity_ids...]', [{ flags: '--ids <list>', description: '' }]));
    expect(Object.keys(folded.inputSchema.properties)).toEqual(['entity_ids']);
    expect(folded.merged).toEqual({ '--ids': 'entity_ids' });
  });
});

describe('access', () => {
  const shape = (words: string[], flags: string[] = []) =>
    toolShape(
      words,
      verb(
        words.at(-1)!,
        flags.map((f) => ({ flags: f, description: '' })),
      ),
    );
  it('reads by the last word, writes otherwise or with --dry-run/--yes; request by method', () => {
    expect(accessOf(shape(['posts', 'lookup']))).toBe('read');
    expect(accessOf(shape(['ads', 'stats']))).toBe('read');
    expect(accessOf(shape(['posts', 'create']))).toBe('write');
    expect(accessOf(shape(['ads', 'accounts', 'get'], ['--dry-run']))).toBe('write');
    expect(accessOf(shape(['request']))).toBe('request');
    expect(requestReads({ method: 'get' })).toBe(true);
    expect(requestReads({ method: 'POST' })).toBe(false);
  });
  it('never tools', () => {
    for (const w of ['auth login', 'auth token', 'config set', 'webhooks crc', 'emulator', 'completion', 'mcp bridge'])
      expect(isNeverTool(w.split(' '), false), w).toBe(true);
    expect(isNeverTool(['posts', 'lookup'], true)).toBe(true);
    expect(isNeverTool(['config', 'get'], false)).toBe(false);
  });
  it('--tools patterns', () => {
    const keep = toolFilter(['posts_*', 'users_me', 'ads_*_list']);
    expect(['posts_lookup', 'users_me', 'ads_campaigns_list', 'users_get', 'ads_campaigns_get'].filter(keep)).toEqual([
      'posts_lookup',
      'users_me',
      'ads_campaigns_list',
    ]);
    expect(toolFilter([])('anything')).toBe(true);
    expect(toolFilter(['a.b'])('axb')).toBe(false);
  });
});

describe('scrub', () => {
  it('replaces every secret, as is and percent-encoded, in strings and keys', () => {
    const secrets = ['s3cr+t/val', 'tok'];
    expect(scrubText(`a s3cr+t/val b ${encodeURIComponent('s3cr+t/val')}`, secrets)).toBe('a [redacted] b [redacted]');
    expect(scrubValue({ 's3cr+t/val': ['x tok'], n: 1 }, secrets)).toEqual({ '[redacted]': ['x [redacted]'], n: 1 });
  });
});

const TWURL = `profiles:
  alice:
    k1:
      username: alice
      consumer_key: k1
      consumer_secret: s1
      token: 11-t1
      secret: ts1
    k2:
      username: alice
      consumer_key: k2222222222
      consumer_secret: s2
      token: 11-t2
      secret: ts2
configuration:
  default_profile: [alice, k1]
`;

describe('twurl and xurl readers', () => {
  it('twurl: an account authorised for two apps gets a profile per app; the default by screen name and key', () => {
    const set = parseTwurlrc(TWURL, parse);
    expect(set.accounts.map((a) => a.profile)).toEqual(['alice-k1', 'alice-k2222222']);
    expect(set.defaultProfile).toBe('alice-k1');
    expect(set.accounts[0]!.values).toEqual({
      consumer_key: 'k1',
      consumer_secret: 's1',
      access_token: '11-t1',
      access_token_secret: 'ts1',
      screen_name: 'alice',
      user_id: '11',
    });
  });

  it('xurl: several apps name profiles by user and app; the default app and user', () => {
    const set = parseXurl(
      `apps:
  one:
    client_id: c1
    oauth2_tokens:
      bob: { type: oauth2, oauth2: { access_token: a1, refresh_token: r1, expiration_time: 1900000000 } }
  two:
    client_id: c2
    default_user: eve
    bearer_token: { type: bearer, bearer: b2 }
    oauth2_tokens:
      bob: { oauth2: { access_token: a2 } }
      eve: { oauth2: { access_token: a3 } }
default_app: two
`,
      parse,
    );
    expect(set.accounts.map((a) => a.profile)).toEqual(['bob-one', 'bob-two', 'eve-two']);
    expect(set.defaultProfile).toBe('eve-two');
    expect(set.accounts[0]!.values.oauth2).toMatchObject({
      access_token: 'a1',
      refresh_token: 'r1',
      client_id: 'c1',
      expires_at: '2030-03-17T17:46:40.000Z',
    });
    expect(set.accounts[1]!.values.bearer_token).toBe('b2');
  });

  it('names what is wrong with a file', () => {
    expect(() => parseTwurlrc('profiles: [', parse)).toThrow(/not valid YAML/);
    expect(() => parseTwurlrc('a: 1', parse)).toThrow(/no profiles/);
    expect(() => parseXurl('[]', parse)).toThrow(/no mapping/);
    expect(() => parseXurl('x: 1', parse)).toThrow(/no apps/);
  });
});

describe('import plan', () => {
  it('creates, then finds everything unchanged; other credentials are skipped unless overwritten', () => {
    const set = parseTwurlrc(TWURL, parse);
    const data = {};
    const first = plan(set, data, false);
    expect(first.accounts.map((a) => a.action)).toEqual(['create', 'create']);
    expect(first.setDefault).toBe('alice-k1');
    apply(first, data, '2026-01-01T00:00:00Z');
    const second = plan(set, data, false);
    expect(second.accounts.map((a) => a.action)).toEqual(['unchanged', 'unchanged']);
    expect(second.setDefault).toBeUndefined();
    const changed = structuredClone(data) as { profiles: Record<string, Record<string, string>> };
    changed.profiles['alice-k1']!.access_token = 'other';
    expect(plan(set, changed, false).accounts[0]).toMatchObject({ action: 'skip', conflicts: ['access_token'] });
    expect(plan(set, changed, true).accounts[0]).toMatchObject({ action: 'update' });
  });
});
