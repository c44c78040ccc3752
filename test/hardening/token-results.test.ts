// No token in any result. (1) `postctl request` and the MCP `request` tool refuse the token endpoints — only
// the auth verbs call them — with exit 2 and nothing sent, however the path is spelled. (2) MCP results and
// progress are scrubbed of other programs' secrets too: environment variables whose names look secret
// (*_KEY, *_TOKEN, *_SECRET, *PASSWORD*) are set for the server, and their values reach a read tool's result
// the way any echoed value does (the emulator names an invalid username in its 400); a variable with a plain
// name shows that the echo really happens.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isTokenEndpoint } from '../../src/auth/token-endpoints.js';
import { knownSecrets, scrubText } from '../../src/mcp/scrub.js';
import { fileEmulator } from '../helpers/emulator.js';
import { mcpSession, type McpSession, type ToolResult } from '../helpers/mcp.js';

const emu = fileEmulator();

const TOKEN_PATHS = [
  '/oauth2/token',
  '/oauth/request_token',
  '/oauth/access_token',
  '/oauth2/invalidate_token',
  '/1.1/oauth/invalidate_token',
  '/2/oauth2/token',
  '/2/oauth2/revoke',
];
/** The same endpoints as a server would still route them. */
const DISGUISED = ['/OAuth2/Token', '/oauth2/%74oken', '/x/../oauth2/token/', '//oauth2//token', '/oauth2/token.json', '/oauth2%2Ftoken'];

describe('postctl request refuses the token endpoints: exit 2, nothing sent', () => {
  for (const path of [...TOKEN_PATHS, ...DISGUISED])
    it(`POST ${path}`, async () => {
      const before = emu.state.log.length;
      const r = await emu.run(['request', 'POST', path, '-f', 'grant_type=client_credentials', '--auth', 'basic', '-o', 'json']);
      expect(r.code, r.stderr).toBe(2);
      expect(r.errorJson().error.message).toMatch(/token endpoints are called only by the auth verbs/);
      expect(r.stdout).toBe('');
      expect(emu.state.log.length).toBe(before);
    });

  it('an absolute URL on the configured origin, with GET and --paginate: refused as well', async () => {
    const before = emu.state.log.length;
    for (const argv of [
      ['request', 'POST', `${emu.url}/oauth2/token?grant_type=client_credentials`, '--auth', 'basic'],
      ['request', 'GET', '/oauth2/token', '--paginate'],
    ]) {
      const r = await emu.run(argv);
      expect(r.code, r.stderr).toBe(2);
    }
    expect(emu.state.log.length).toBe(before);
  });

  it('paths that only look alike still go (/2/oauth2/tokens is no endpoint of ours to refuse), and auth token still works', async () => {
    expect(isTokenEndpoint('/2/oauth2/tokens')).toBe(false);
    expect(isTokenEndpoint('/2/users/oauth2/token')).toBe(false);
    const r = await emu.run(['auth', 'token', '-o', 'json']);
    expect(r.code, r.stderr).toBe(0);
  });
});

const FOREIGN = {
  OTHER_API_KEY: 'sk-canary+OTHER/api-key-7d6c5b4a',
  GITHUB_TOKEN: 'ghp-canary+github/token-1a2b3c4d',
  AWS_SECRET: 'aws-canary+secret/value-5e6f7a8b',
  DB_PASSWORD_PROD: 'pw-canary+database/pass-9c0d1e2f',
};
const PLAIN = { OTHER_SETTING: 'plain-canary+setting/value-3a4b5c6d' };

describe('postctl mcp: no token and no secret-named environment value in a result', () => {
  let ro: McpSession;
  let rw: McpSession;
  beforeAll(async () => {
    const env = emu.cliEnv({ ...FOREIGN, ...PLAIN });
    [ro, rw] = await Promise.all([
      mcpSession(['mcp', '--toolsets', 'all'], env),
      mcpSession(['mcp', '--toolsets', 'all', '--allow-writes'], env),
    ]);
  });
  afterAll(async () => {
    await Promise.all([ro?.close(), rw?.close()]);
  });

  const call = async (s: McpSession, args: Record<string, unknown>) => {
    const progress: string[] = [];
    const r = (await s.client.callTool({ name: 'request', arguments: args }, undefined, {
      onprogress: (p) => void progress.push(String(p.message)),
    })) as ToolResult;
    return { r, text: JSON.stringify(r) + progress.join('\n') };
  };

  it('the request tool: the token endpoints are exit 2 with nothing sent, read-only (GET) and with --allow-writes (POST)', async () => {
    const before = emu.state.log.length;
    for (const path of TOKEN_PATHS) {
      const get = await call(ro, { method: 'GET', path });
      expect(get.r.structuredContent?.error, path).toMatchObject({ exit_code: 2, code: 'usage' });
      const post = await call(rw, { method: 'POST', path, raw_fields: ['grant_type=client_credentials'], auth: 'basic' });
      expect(post.r.structuredContent?.error, path).toMatchObject({ exit_code: 2, code: 'usage' });
      expect(post.text).not.toMatch(/"access_token\\?"\s*:|token_type/);
    }
    expect(emu.state.log.slice(before).map((e) => `${e.method} ${e.path}`)).toEqual([]);
  });

  it('a read tool that echoes a value: the secret-named variables come back redacted, the plain one as it is', async () => {
    for (const [name, value] of Object.entries({ ...FOREIGN, ...PLAIN })) {
      const before = emu.state.log.length;
      const { r, text } = await call(ro, { method: 'GET', path: '/2/users/by', raw_fields: [`usernames=${value}`] });
      // The value did reach the emulator, which names it in its 400.
      expect(emu.state.log.slice(before).map((e) => e.query.find(([k]) => k === 'usernames')?.[1])).toEqual([value]);
      expect(r.isError, name).toBe(true);
      if (name in PLAIN) expect(text, name).toContain(value);
      else {
        expect(text, name).not.toContain(value);
        expect(text, name).not.toContain(encodeURIComponent(value));
        expect(text, name).toContain('[redacted]');
      }
    }
  });
});

describe('knownSecrets: which environment values count', () => {
  it('secret-looking names of 8 characters or more; postctl’s own plain settings and short values are left alone', async () => {
    const secrets = await knownSecrets({
      POSTCTL_CONFIG_DIR: '/nonexistent-postctl-scrub',
      HOME: '/nonexistent-postctl-scrub',
      SERVICE_KEY: 'service-key-value',
      npm_config_token: 'lowercase-token-value',
      MY_PASSWORD_FILE: 'password-file-value',
      FEATURE_TOKEN: 'true',
      POSTCTL_CONSUMER_KEY: 'consumer-key-is-an-id',
      KEYBOARD: 'not-secret-by-name',
    });
    expect(secrets.sort()).toEqual(['lowercase-token-value', 'password-file-value', 'service-key-value']);
    expect(scrubText('a service-key-value b', secrets)).toBe('a [redacted] b');
  });
});
