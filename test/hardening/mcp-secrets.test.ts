// Every tool of `postctl mcp`, driven by the MCP SDK's client with the arguments of the verb sweep
// (test/helpers/verb-rows.ts) and recognisable credentials that the emulator accepts: no secret — as is,
// percent-encoded, or as Basic credentials — appears in any result, error or progress message. Read tools run
// on a read-only server whose emulator must then have seen GET requests only (and the POSTs that query:
// stats jobs, the audience estimate, the bearer token); write tools are refused there with nothing sent, and
// run on an --allow-writes server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMU_USER } from '../../src/emulator/state.js';
import { tempDir } from '../helpers/cli.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { mcpSession, toolCallOf, type McpSession, type ToolResult } from '../helpers/mcp.js';
import { verbRows } from '../helpers/verb-rows.js';

const KEY = 'mcp-consumer-key';
const SECRETS = {
  POSTCTL_CONSUMER_SECRET: 'CSsecret+Q7/zK=x9~mcpsweepAA',
  POSTCTL_ACCESS_TOKEN: `${EMU_USER.id}-ATsecret+R8/yL=w0mcpsweepBB`,
  POSTCTL_ACCESS_TOKEN_SECRET: 'ASsecret+S9/xM=v1~mcpsweepCC',
  POSTCTL_BEARER_TOKEN: 'AAAABTsecret%2Bz/T0+wN=u2mcpsweepDD',
  POSTCTL_CLIENT_SECRET: 'O2secret+T1/wN=u3~mcpsweepEE',
};

function forms(): string[] {
  const out: string[] = [];
  for (const v of Object.values(SECRETS)) out.push(v, encodeURIComponent(v), v.slice(2, -2));
  out.push(Buffer.from(`${KEY}:${SECRETS.POSTCTL_CONSUMER_SECRET}`).toString('base64'));
  return out;
}
const leaks = (text: string): string[] => forms().filter((f) => text.includes(f));

/** The POSTs a read tool may send: queries that change nothing, and the app's bearer token. */
const QUERY_POSTS = /\/stats\/jobs\/accounts\/|\/audience_estimate$|^\/oauth2\/token$/;

let reader: TestEmulator;
let writer: TestEmulator;
let dir: string;

async function credentialed(): Promise<TestEmulator> {
  const emu = await testEmulator({ bearerMaxRequests: 1000 });
  emu.state.apps.set(KEY, {
    consumerKey: KEY,
    consumerSecret: SECRETS.POSTCTL_CONSUMER_SECRET,
    bearer: SECRETS.POSTCTL_BEARER_TOKEN,
    tokenRequests: [],
  });
  emu.state.accessTokens.set(SECRETS.POSTCTL_ACCESS_TOKEN, {
    token: SECRETS.POSTCTL_ACCESS_TOKEN,
    secret: SECRETS.POSTCTL_ACCESS_TOKEN_SECRET,
    userId: EMU_USER.id,
    consumerKey: KEY,
    revoked: false,
  });
  return emu;
}

beforeAll(async () => {
  dir = tempDir('postctl-mcp-sweep-');
  [reader, writer] = await Promise.all([credentialed(), credentialed()]);
});
afterAll(async () => {
  await Promise.all([reader?.close(), writer?.close()]);
});

async function pool<T>(items: T[], n: number, fn: (t: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: n }, async () => {
      for (let t = queue.shift(); t !== undefined; t = queue.shift()) await fn(t);
    }),
  );
}

describe('postctl mcp: no secret in any result', () => {
  it('every tool runs with the sweep arguments; reads send GET only; writes are refused read-only', async () => {
    const rows = await verbRows(dir, KEY);
    const env = (emu: TestEmulator) =>
      emu.cliEnv({ ...SECRETS, POSTCTL_CONSUMER_KEY: KEY, POSTCTL_RETRY_BASE_MS: '1', POSTCTL_MAX_RETRIES: '1' });
    for (const row of Object.values(rows)) for (const emu of [reader, writer]) row.setup?.(emu);
    const ro: McpSession = await mcpSession(['mcp', '--toolsets', 'all', '--root', dir], env(reader));
    const rw: McpSession = await mcpSession(['mcp', '--toolsets', 'all', '--allow-writes', '--root', dir], env(writer));
    const problems: string[] = [];
    let succeeded = 0;
    try {
      const { tools } = await ro.client.listTools();
      const reads = new Set(tools.filter((t) => t.annotations?.readOnlyHint).map((t) => t.name));
      const byVerb = new Map(tools.map((t) => [t.title!.replace(/^postctl /, ''), t.name]));
      // Every tool has a sweep row (the rows cover the whole tree).
      expect([...byVerb.keys()].filter((v) => !rows[v])).toEqual([]);
      const calls = await Promise.all([...byVerb.keys()].map(async (v) => ({ verb: v, ...(await toolCallOf(v, rows[v]!.args)) })));
      const check = (verb: string, r: ToolResult, progress: string[]) => {
        const text = JSON.stringify(r) + progress.join('\n');
        for (const l of leaks(text)) problems.push(`${verb}: result holds ${l}`);
        if (r.isError) expect(r.structuredContent?.error?.exit_code, `${verb}: ${text.slice(0, 300)}`).toBeTypeOf('number');
        else succeeded++;
      };
      const run = async (s: McpSession, c: (typeof calls)[number]) => {
        const progress: string[] = [];
        // A stream runs until its limit: cancelled after a while, which must stop it (the progress is checked still).
        const signal = rows[c.verb]!.timeoutMs ? AbortSignal.timeout(2000) : undefined;
        const r = (await s.client
          .callTool({ name: c.name, arguments: c.input }, undefined, {
            onprogress: (p) => void progress.push(String(p.message)),
            timeout: 30_000,
            signal,
          })
          .catch((e: unknown) => {
            if (!signal?.aborted) throw e;
            return { content: [], structuredContent: { error: { exit_code: 130 } }, isError: true };
          })) as ToolResult;
        check(c.verb, r, progress);
        return r;
      };
      // Writes on the read-only server: refused, nothing sent.
      const writes = calls.filter((c) => !reads.has(c.name));
      const before = reader.state.log.length;
      for (const c of writes) {
        const r = await run(ro, c);
        if (c.input.dry_run !== true) expect(r.structuredContent?.error?.code, c.verb).toBe('writes_not_allowed');
      }
      // A dry run sends nothing, or asks the API's own dry run (stream rules: ?dry_run=true validates, stores nothing).
      const sent = reader.state.log.slice(before).filter((e) => !e.query.some(([k, v]) => k === 'dry_run' && v === 'true'));
      expect(sent.map((e) => `${e.method} ${e.path}`)).toEqual([]);
      await Promise.all([
        pool(
          calls.filter((c) => reads.has(c.name)),
          3,
          async (c) => void (await run(ro, c)),
        ),
        pool(writes, 3, async (c) => void (await run(rw, c))),
      ]);
      const notGet = reader.state.log
        .slice(before)
        .filter((e) => e.method !== 'GET' && !(e.method === 'POST' && QUERY_POSTS.test(e.path)) && !e.query.some(([k]) => k === 'dry_run'));
      expect(notGet.map((e) => `${e.method} ${e.path}`)).toEqual([]);
    } finally {
      await Promise.all([ro.close(), rw.close()]);
    }
    expect(problems).toEqual([]);
    // The sweep went deep: most calls succeeded against the emulator.
    expect(succeeded).toBeGreaterThan(100);
    // Some 300 tool calls, each a child CLI run: about 45 s on a quiet machine, over 120 s when two suites
    // share the two cores.
  }, 300_000);
});
