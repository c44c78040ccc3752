// `postctl mcp` as a model meets it, over stdio with the MCP SDK's own client: a default tool list small enough
// for any context, every verb with --toolsets all, toolsets enabled on demand in dynamic mode (with
// tools/list_changed), inputs named by meaning, results given once as structured content with a summary,
// cut at the budget with a cursor that continues, and the prompts for the common jobs.
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP_WORDS } from '../../src/commands/manifest/index.js';
import { isNeverTool } from '../../src/mcp/access.js';
import { fileEmulator } from '../helpers/emulator.js';
import { mcpSession, type McpSession, type ToolResult } from '../helpers/mcp.js';

const emu = fileEmulator();
let def: McpSession;

beforeAll(async () => {
  def = await mcpSession(['mcp'], emu.cliEnv());
});
afterAll(async () => {
  await def?.close();
});

const call = (s: McpSession, name: string, args: Record<string, unknown>) =>
  s.client.callTool({ name, arguments: args }, undefined, { timeout: 60_000 }) as Promise<ToolResult>;

describe.concurrent('postctl mcp: toolsets', () => {
  it('the default list: at most 40 tools and 40 KB, reads and the common writes, every one callable', async () => {
    const { tools } = await def.client.listTools();
    const bytes = Buffer.byteLength(JSON.stringify({ tools }));
    expect(tools.length).toBeLessThanOrEqual(40);
    expect(tools.length).toBeGreaterThanOrEqual(15);
    expect(bytes).toBeLessThanOrEqual(40 * 1024);
    const names = tools.map((t) => t.name);
    expect(names).toEqual(
      expect.arrayContaining(['users_me', 'posts_lookup', 'posts_search', 'ads_campaigns_list', 'ads_stats', 'ads_campaigns_pause']),
    );
    expect(names).not.toContain('list_toolsets');
    // Calls outside the list are refused as unknown tools.
    await expect(call(def, 'dm_list', {})).rejects.toThrow(/unknown tool/);
  });

  it('--toolsets all lists every verb of the manifests (but the never-tools)', async () => {
    const s = await mcpSession(['mcp', '--toolsets', 'all'], emu.cliEnv());
    try {
      const { tools } = await s.client.listTools();
      const verbs: string[] = [];
      for (const t of TOP_WORDS)
        for (const v of (await t.load()).MANIFEST.verbs)
          if (!isNeverTool(v.words, v.hidden)) verbs.push(v.words.join('_').replace(/-/g, '_'));
      expect(tools.map((t) => t.name).sort()).toEqual(verbs.sort());
    } finally {
      await s.close();
    }
  });

  it('--toolsets picks groups, and --tools adds tools to them', async () => {
    const s = await mcpSession(['mcp', '--toolsets', 'ads_stats,dm', '--tools', 'users_me'], emu.cliEnv());
    try {
      const names = (await s.client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(
        expect.arrayContaining(['ads_stats', 'ads_stats_jobs_list', 'ads_stats_reach', 'dm_list', 'dm_send', 'users_me']),
      );
      expect(
        names.every((n) => /^(ads_stats|dm_|users_me$)/.test(n)),
        names.join(','),
      ).toBe(true);
    } finally {
      await s.close();
    }
    const bad = await emu.run(['mcp', '--toolsets', 'nosuch']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/no toolset "nosuch"[\s\S]*ads_stats/);
  });

  it('--dynamic: list_toolsets, enable_toolset, and tools/list_changed', async () => {
    const s = await mcpSession(['mcp', '--dynamic'], emu.cliEnv());
    try {
      let changed = 0;
      s.client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
      expect(s.client.getServerCapabilities()?.tools?.listChanged).toBe(true);
      const before = (await s.client.listTools()).tools.map((t) => t.name);
      expect(before).toEqual(expect.arrayContaining(['list_toolsets', 'enable_toolset', 'users_me']));
      expect(before).not.toContain('lists_get');
      const sets = await call(s, 'list_toolsets', {});
      const lists = sets.structuredContent!.toolsets.find((t: { name: string }) => t.name === 'lists');
      expect(lists).toMatchObject({ enabled: false });
      expect(lists.names).toContain('lists_get');
      const on = await call(s, 'enable_toolset', { toolset: 'lists' });
      expect(on.isError, JSON.stringify(on)).toBeFalsy();
      expect(on.structuredContent!.added).toContain('lists_get');
      for (let i = 0; i < 100 && !changed; i++) await new Promise((r) => setTimeout(r, 20));
      expect(changed).toBe(1);
      expect((await s.client.listTools()).tools.map((t) => t.name)).toContain('lists_get');
      const r = await call(s, 'lists_owned', { user: 'me' });
      expect(r.isError, JSON.stringify(r).slice(0, 300)).toBeFalsy();
    } finally {
      await s.close();
    }
  });
});

describe.concurrent('postctl mcp: inputs and results', () => {
  it('posts_lookup takes post_ids; the result is structured once, with a short summary', async () => {
    const r = await call(def, 'posts_lookup', { post_ids: ['1460323737035677698'] });
    expect(r.isError, JSON.stringify(r)).toBeFalsy();
    expect(r.structuredContent!.data.map((p: { id: string }) => p.id)).toEqual(['1460323737035677698']);
    expect(r.content).toHaveLength(1);
    expect(r.content[0]!.text).toMatch(/^postctl posts lookup: 1 item/);
    expect(r.content[0]!.text).not.toContain('1460323737035677698');
    const old = await call(def, 'posts_lookup', { ids: ['1460323737035677698'] });
    expect(old.structuredContent!.error).toMatchObject({ code: 'usage' });
  });

  it('a list tool returns compact columns, columns on request, and a limit', async () => {
    const compact = await call(def, 'ads_line_items_list', {});
    expect(compact.isError, JSON.stringify(compact).slice(0, 300)).toBeFalsy();
    const rows = compact.structuredContent!.data as Array<Record<string, unknown>>;
    expect(rows.length).toBeGreaterThan(2);
    expect(Object.keys(rows[0]!)).toEqual(expect.arrayContaining(['id', 'name', 'entity_status']));
    expect(Object.keys(rows[0]!).length).toBeLessThanOrEqual(8);
    expect(compact.content[0]!.text).toMatch(/left out \d+: .*columns/);
    const picked = await call(def, 'ads_line_items_list', { columns: ['id', 'bid_amount_local_micro'] });
    expect(Object.keys(picked.structuredContent!.data[0]).sort()).toEqual(['bid_amount_local_micro', 'id']);
    const first = await call(def, 'ads_campaigns_list', { limit: 1, columns: ['id'] });
    expect(first.structuredContent!.data).toHaveLength(1);
  });

  it('a result over the budget is cut with a cursor, and the parts make the whole', async () => {
    const s = await mcpSession(['mcp', '--result-budget', '2000', '--toolsets', 'all'], emu.cliEnv());
    try {
      const whole = await emu.run(['users', 'followers', 'me', '--max-results', '100', '-o', 'json']);
      const all = JSON.parse(whole.stdout).data as unknown[];
      expect(all.length).toBeGreaterThan(20);
      const got: unknown[] = [];
      let r = await call(s, 'users_followers', { user: 'me', max_results: 100, columns: ['all'] });
      for (let i = 0; i < 50; i++) {
        expect(r.isError, JSON.stringify(r).slice(0, 300)).toBeFalsy();
        expect(JSON.stringify(r).length).toBeLessThanOrEqual(2000 + 400);
        got.push(...(r.structuredContent!.data as unknown[]));
        const cursor = r.structuredContent!._page?.cursor as string | undefined;
        if (!cursor) break;
        expect(r.content[0]!.text).toMatch(/call again with \{"cursor":"postctl:\d+:\d+"\}/);
        r = await call(s, 'users_followers', { cursor });
      }
      expect(got).toEqual(all);
      const stale = await call(s, 'users_followers', { cursor: 'postctl:999:1' });
      expect(stale.structuredContent!.error.message).toMatch(/unknown or expired/);
    } finally {
      await s.close();
    }
  });

  it('a stats result sums spend and names the time zone in its summary', async () => {
    const r = await call(def, 'ads_stats', {
      entity: 'CAMPAIGN',
      range: 'yesterday',
      metric_groups: ['BILLING', 'ENGAGEMENT'],
      active: true,
    });
    expect(r.isError, JSON.stringify(r).slice(0, 300)).toBeFalsy();
    expect(r.content[0]!.text).toMatch(/totals: .*spend \d/);
    expect(r.content[0]!.text).toMatch(/time zone \w+\/\w+/);
  });
});

describe('postctl mcp: prompts', () => {
  it('lists the common jobs and fills them in', async () => {
    expect(def.client.getServerCapabilities()?.prompts).toBeDefined();
    const { prompts } = await def.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual(['spend_yesterday', 'weekly_client_report', 'pause_over_pace']);
    const p = await def.client.getPrompt({ name: 'pause_over_pace', arguments: { account: '18ce54d4x5t' } });
    const text = (p.messages[0]!.content as { text: string }).text;
    expect(text).toMatch(/dry_run: true/);
    expect(text).toContain('account: "18ce54d4x5t"');
    // The plan's write step runs on the default read-only server as the dry run it asks for, and changes nothing.
    const before = emu.state.log.filter((e) => e.method !== 'GET').length;
    const dry = await call(def, 'ads_campaigns_pause', { campaign_ids: ['f2qcm'], dry_run: true });
    expect(dry.isError, JSON.stringify(dry).slice(0, 300)).toBeFalsy();
    expect(dry.structuredContent!.data[0]).toMatchObject({ id: 'f2qcm', to: 'PAUSED' });
    expect(emu.state.log.filter((e) => e.method !== 'GET').length).toBe(before);
    const spend = await def.client.getPrompt({ name: 'spend_yesterday', arguments: {} });
    expect((spend.messages[0]!.content as { text: string }).text).toMatch(/ads_stats with \{ entity: "CAMPAIGN", range: "yesterday"/);
  });
});
