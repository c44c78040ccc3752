// `postctl mcp` driven by the MCP SDK's own client over stdio (the built CLI as its subprocess) against the
// emulator: the tools are the verbs (generated, object schemas), a lookup answers, a write is refused read-only
// and done once with --allow-writes, --tools limits the list, and a cancelled stats job stops.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMU_ACCOUNT } from '../../src/emulator/state.js';
import { fileEmulator, testEmulator } from '../helpers/emulator.js';
import { mcpSession, type McpSession, type ToolResult } from '../helpers/mcp.js';
import { allVerbs } from '../helpers/verb-rows.js';

const emu = fileEmulator();
let ro: McpSession;

beforeAll(async () => {
  ro = await mcpSession(['mcp', '--toolsets', 'all'], emu.cliEnv());
});
afterAll(async () => {
  await ro?.close();
});

const call = (s: McpSession, name: string, args: Record<string, unknown>) =>
  s.client.callTool({ name, arguments: args }) as Promise<ToolResult>;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.concurrent('postctl mcp: tools', () => {
  it('lists one tool per verb (but auth, secrets, emulator, completion, mcp), each with an object schema', async () => {
    const { tools } = await ro.client.listTools();
    const never =
      /^(auth|emulator|completion|mcp|__profiles)( |$)|^(help|config set|config unset|webhooks crc|webhooks verify-signature|webhooks listen|ads sync|ads sync status|ads sql)$/;
    const expected = (await allVerbs()).filter((v) => !never.test(v)).map((v) => v.replace(/[ -]/g, '_'));
    expect(tools.map((t) => t.name).sort()).toEqual(expected.sort());
    for (const t of tools) expect(t.inputSchema.type, t.name).toBe('object');
    const byName = new Map(tools.map((t) => [t.name, t]));
    const lookup = byName.get('posts_lookup')!;
    expect(lookup.inputSchema.properties!.post_ids).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(lookup.inputSchema.properties!.post_fields).toMatchObject({ type: 'array' });
    expect(lookup.annotations).toMatchObject({ readOnlyHint: true });
    const stats = byName.get('ads_stats')!;
    expect(stats.inputSchema.properties!.mode).toMatchObject({ type: 'string', enum: ['auto', 'sync', 'job'], default: 'auto' });
    // --from/--to are optional since --range can stand for them.
    expect(stats.inputSchema.required).toEqual(expect.arrayContaining(['entity', 'metric_groups']));
    expect(Object.keys(stats.inputSchema.properties!)).toEqual(expect.arrayContaining(['from', 'to', 'range']));
    expect(byName.get('posts_delete')!.inputSchema.required).toEqual(['post_ids']);
    expect(byName.get('posts_create')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.get('posts_create')!.description).toMatch(/--allow-writes/);
    expect(byName.has('ads_campaigns_create')).toBe(true);
  });

  it('a lookup answers with the verb JSON as structured content and a short text', async () => {
    const r = await call(ro, 'posts_lookup', { post_ids: ['1460323737035677698'], expansions: ['author_id'] });
    expect(r.isError, JSON.stringify(r)).toBeFalsy();
    expect(r.structuredContent!.data.map((p: { id: string }) => p.id)).toEqual(['1460323737035677698']);
    // The JSON once: the text is a summary, not the same JSON again.
    expect(r.content).toEqual([{ type: 'text', text: 'postctl posts lookup: 1 item' }]);
  });

  it('an error is isError with the CLI JSON error object and the exit code meaning', async () => {
    const r = await call(ro, 'posts_lookup', { post_ids: ['not-an-id'] });
    expect(r.isError).toBe(true);
    expect(r.structuredContent!.error).toMatchObject({ exit_code: 6 });
    expect(r.structuredContent!.exit_meaning).toMatch(/^invalid input/);
    expect(r.content[0]!.text).toMatch(/failed with exit 6/);
    // An argument that would be read as a flag is refused before anything runs.
    const flagLike = await call(ro, 'posts_lookup', { post_ids: ['--verbose'] });
    expect(flagLike.structuredContent!.error).toMatchObject({ code: 'usage', exit_code: 2 });
  });

  it('a write is refused read-only (its dry run is not), and done once with --allow-writes', async () => {
    const marker = `mcp write ${Date.now()}`;
    const sent = () => emu.state.requests('POST', '/2/tweets').filter((e) => e.body.includes(marker));
    const refused = await call(ro, 'posts_create', { text: marker });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent!.error).toMatchObject({ code: 'writes_not_allowed', exit_code: 2 });
    expect(refused.structuredContent!.error.message).toMatch(/--allow-writes/);
    const dry = await call(ro, 'posts_create', { text: marker, dry_run: true });
    expect(dry.isError, JSON.stringify(dry)).toBeFalsy();
    expect(JSON.stringify(dry.structuredContent)).toContain(marker);
    expect(sent()).toHaveLength(0);
    const rw = await mcpSession(['mcp', '--allow-writes'], emu.cliEnv());
    try {
      const done = await call(rw, 'posts_create', { text: marker });
      expect(done.isError, JSON.stringify(done)).toBeFalsy();
      expect(done.structuredContent!.data.id).toMatch(/^\d+$/);
    } finally {
      await rw.close();
    }
    expect(sent()).toHaveLength(1);
  });

  it('request: GET runs read-only, other methods are refused', async () => {
    const get = await call(ro, 'request', { method: 'GET', path: '/2/users/me' });
    expect(get.isError, JSON.stringify(get)).toBeFalsy();
    expect(get.structuredContent!.data.id).toBeDefined();
    const before = emu.state.requests('DELETE').length;
    const del = await call(ro, 'request', { method: 'delete', path: '/2/tweets/1460323737035677698' });
    expect(del.structuredContent!.error).toMatchObject({ code: 'writes_not_allowed' });
    expect(emu.state.requests('DELETE')).toHaveLength(before);
  });

  it('--tools limits the tools listed and callable', async () => {
    const s = await mcpSession(['mcp', '--tools', 'posts_look*,users_me'], emu.cliEnv());
    try {
      expect((await s.client.listTools()).tools.map((t) => t.name)).toEqual(['posts_lookup', 'users_me']);
      await expect(call(s, 'posts_search', { query: 'x' })).rejects.toThrow(/unknown tool/);
    } finally {
      await s.close();
    }
  });
});

describe('postctl mcp: long work', () => {
  it('a stats job reports progress, and a cancelled call stops it', async () => {
    const own = await testEmulator({ statsJobLatencyMs: 60_000 });
    const s = await mcpSession(['mcp', '--toolsets', 'ads_stats'], own.cliEnv());
    try {
      const progress: string[] = [];
      const ac = new AbortController();
      const args = {
        entity_ids: ['l0001'],
        entity: 'LINE_ITEM',
        from: '2026-06-01',
        to: '2026-06-03',
        metric_groups: ['ENGAGEMENT'],
        mode: 'job',
      };
      const pending = s.client.callTool({ name: 'ads_stats', arguments: args }, undefined, {
        signal: ac.signal,
        onprogress: (p) => void progress.push(String(p.message)),
      });
      const jobs = `/12/stats/jobs/accounts/${EMU_ACCOUNT}`;
      while (!own.state.requests('GET', jobs).length) await sleep(20);
      ac.abort('enough');
      await expect(pending).rejects.toThrow();
      expect(progress.join('\n')).toMatch(/job/);
      // The verb stopped as on Ctrl-C: no more polls of the job after a short settling time.
      await sleep(300);
      const settled = own.state.log.length;
      await sleep(400);
      expect(own.state.log.length).toBe(settled);
      // The server itself goes on.
      const after = (await call(s, 'ads_stats_jobs_list', {})) as ToolResult;
      expect(after.isError, JSON.stringify(after)).toBeFalsy();
    } finally {
      await s.close();
      await own.close();
    }
  });
});
