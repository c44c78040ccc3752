// `postctl mcp` read-only touches no local file, and reads only where the user said: every tool of its catalog is
// called with every path-like input pointed at a canary file (the path-like inputs found from the verbs'
// declarations here, not by a list, so a new verb is covered), on a server with no --root and on one whose
// --root holds the canary. The canary stays as it was, and no file appears or changes anywhere watched but in
// the server's scratch folder. `@/proc/self/environ`, `@/dev/zero`, a FIFO and a link to /proc are refused
// through MCP, and a secret that comes back in a result (read from a file under --root) is "[redacted]".
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOP_WORDS } from '../../src/commands/manifest/index.js';
import type { VerbSpec } from '../../src/commands/define.js';
import { tempDir } from '../helpers/cli.js';
import { testEmulator, type TestEmulator } from '../helpers/emulator.js';
import { mcpSession, toolCallOf, type McpSession, type ToolResult } from '../helpers/mcp.js';
import { verbRows } from '../helpers/verb-rows.js';

const CANARY_TEXT = 'canary: this file must never change\n';

let emu: TestEmulator;
let base: string;
let root: string;
let canary: string;
let cwd: string;
let tmp: string;
let env: Record<string, string | undefined>;

beforeAll(async () => {
  emu = await testEmulator({ bearerMaxRequests: 100_000 });
  base = tempDir('postctl-mcp-files-');
  root = join(base, 'root');
  cwd = join(base, 'cwd');
  tmp = join(base, 'tmp');
  for (const d of [root, cwd, tmp]) mkdirSync(d, { mode: 0o700 });
  canary = join(root, 'canary.txt');
  writeFileSync(canary, CANARY_TEXT, { mode: 0o600 });
  // The servers' scratch folders are made under TMPDIR: here, so the test can tell them from everything else.
  env = emu.cliEnv({ TMPDIR: tmp, POSTCTL_RETRY_BASE_MS: '1', POSTCTL_MAX_RETRIES: '1' });
});
afterAll(async () => {
  await emu?.close();
});

/** Every file and folder under these folders with what identifies its content and metadata, scratch folders left out. */
function snapshot(dirs: string[]): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (d === tmp && name.startsWith('postctl-mcp-')) continue;
      const st = lstatSync(p);
      const hash = st.isFile() ? createHash('sha256').update(readFileSync(p)).digest('hex') : '';
      // A folder by its mode (its entries are listed themselves: a folder's times change when a scratch folder comes and goes).
      out.set(p, st.isDirectory() ? st.mode.toString(8) : `${st.mode.toString(8)} ${st.size} ${st.mtimeMs} ${st.ino} ${hash}`);
      if (st.isDirectory()) walk(p);
    }
  };
  for (const d of dirs) walk(d);
  return out;
}

const changes = (a: Map<string, string>, b: Map<string, string>): string[] => [
  ...[...b.keys()].filter((k) => !a.has(k)).map((k) => `new ${k}`),
  ...[...a.keys()].filter((k) => !b.has(k)).map((k) => `gone ${k}`),
  ...[...a.keys()].filter((k) => b.has(k) && a.get(k) !== b.get(k)).map((k) => `changed ${k}`),
];

/** A placeholder that names a local path, by this test's own reading of the declarations (wider than the server's). */
const PATH_PLACEHOLDER = /^(path|paths|file|files|dir|dirs|folder|directory)$/i;

/**
 * The path-like inputs of a verb's tool: flags whose value names a file or folder, arguments named so, and
 * `key=@file` values. Each is given the canary (as `k=@canary` for the last).
 */
function pathInputs(spec: VerbSpec, params: Record<string, { kind: string; flag?: string; variadic?: boolean; value?: string }>) {
  const out: Record<string, unknown> = {};
  for (const [key, p] of Object.entries(params)) {
    if (p.kind === 'arg') {
      if (PATH_PLACEHOLDER.test(key)) out[key] = p.variadic ? [canary] : canary;
      continue;
    }
    if (p.kind !== 'flag') continue;
    const opt = spec.options!.find((o) => new RegExp(`(^|[ ,])${p.flag}( |$)`).test(o.flags))!;
    const ph = /[<[]([^\]>]+)[\]>]/.exec(opt.flags)?.[1] ?? '';
    const many = p.value === 'repeat' || p.value === 'list';
    if (/@file/.test(opt.description)) out[key] = many ? [`q=@${canary}`] : `q=@${canary}`;
    else if (PATH_PLACEHOLDER.test(ph) || /\b(file|path)\b/i.test(ph)) out[key] = many ? [canary] : canary;
  }
  return out;
}

interface Call {
  verb: string;
  name: string;
  input: Record<string, unknown>;
  paths: string[];
  dryRun: boolean;
  read: boolean;
  timeoutMs?: number;
}

/** One call per tool of the server's catalog: the sweep row's arguments, every path-like input on the canary. */
async function catalogCalls(s: McpSession): Promise<Call[]> {
  const dir = join(base, 'rows');
  mkdirSync(dir, { recursive: true });
  const rows = await verbRows(dir, 'mcp-files-key');
  const { tools } = await s.client.listTools();
  const calls: Call[] = [];
  for (const t of tools) {
    const verb = t.title!.replace(/^postctl /, '');
    const words = verb.split(' ');
    const top = TOP_WORDS.find((w) => w.word === words[0])!;
    const spec = (await top.load()).MANIFEST.verbs.find((v) => v.words.join(' ') === verb)!;
    const row = rows[verb]!;
    row.setup?.(emu);
    const { name, shape, input } = await toolCallOf(verb, row.args);
    const paths = pathInputs(spec, shape.params as never);
    const dryRun = 'dry_run' in shape.params && !t.annotations?.readOnlyHint;
    calls.push({
      verb,
      name,
      input: { ...input, ...paths, ...(dryRun ? { dry_run: true } : {}) },
      paths: Object.keys(paths),
      dryRun,
      read: Boolean(t.annotations?.readOnlyHint),
      ...(row.timeoutMs ? { timeoutMs: row.timeoutMs } : {}),
    });
  }
  return calls;
}

async function pool<T>(items: T[], n: number, fn: (t: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: n }, async () => {
      for (let t = queue.shift(); t !== undefined; t = queue.shift()) await fn(t);
    }),
  );
}

async function runAll(s: McpSession, calls: Call[]): Promise<Map<string, ToolResult>> {
  const results = new Map<string, ToolResult>();
  await pool(calls, 3, async (c) => {
    // A stream runs until its limit: stopped after a while (a cancelled call is the verb's Ctrl-C).
    const signal = c.timeoutMs ? AbortSignal.timeout(2000) : undefined;
    const r = (await s.client
      .callTool({ name: c.name, arguments: c.input }, undefined, { timeout: 60_000, ...(signal ? { signal } : {}) })
      .catch((e: unknown) => {
        if (!signal?.aborted) throw e;
        return { content: [], isError: true };
      })) as ToolResult;
    results.set(c.verb, r);
  });
  return results;
}

const call = (s: McpSession, name: string, args: Record<string, unknown>) =>
  s.client.callTool({ name, arguments: args }, undefined, { timeout: 20_000 }) as Promise<ToolResult>;

describe('postctl mcp read-only: no local side effects, files only under --root', () => {
  it('every tool, every path-like input on a canary: the canary is unchanged and nothing appears outside the scratch folder', async () => {
    const watched = () => snapshot([base, emu.configDir]);
    const bare = await mcpSession(['mcp', '--toolsets', 'all'], env, cwd);
    const rooted = await mcpSession(['mcp', '--toolsets', 'all', '--root', root], env, cwd);
    let before = new Map<string, string>();
    try {
      const calls = await catalogCalls(bare);
      before = watched();
      const withPaths = calls.filter((c) => c.paths.length);
      // The catalog has path-like inputs of every kind: read, written, and key=@file.
      const names = new Set(withPaths.map((c) => c.name));
      for (const t of ['ads_stats', 'compliance_jobs_get', 'audiences_upload', 'posts_lookup', 'request', 'ads_apply', 'media_upload'])
        expect(names, t).toContain(t);
      // No --root: every call with a path is refused, naming the input, before anything runs.
      const refused = await runAll(bare, withPaths);
      for (const c of withPaths) {
        const r = refused.get(c.verb)!;
        // A write without a dry run may be refused as a write first; everything else for its path.
        const codes = c.read || c.dryRun ? ['path_refused'] : ['path_refused', 'writes_not_allowed'];
        expect(codes, `${c.verb}: ${JSON.stringify(r).slice(0, 300)}`).toContain(r.structuredContent?.error?.code);
        if (r.structuredContent?.error?.code === 'path_refused') expect(r.structuredContent.error.exit_code).toBe(6);
      }
      // --root holding the canary: every tool runs (reads may read it; nothing may write, truncate or remove it).
      const ran = await runAll(rooted, calls);
      expect(ran.size).toBe(calls.length);
      // Output paths are refused on a read-only server whatever the root.
      expect(ran.get('ads stats')!.structuredContent?.error).toMatchObject({
        code: 'path_refused',
        message: expect.stringMatching(/state: .*read-only/),
      });
      expect(ran.get('compliance jobs get')!.structuredContent?.error).toMatchObject({ code: 'path_refused' });
      // Without the written paths, a read under the root runs: ads stats keeps its job state in the scratch folder.
      const stats = calls.find((c) => c.verb === 'ads stats')!;
      const statsInput = Object.fromEntries(Object.entries(stats.input).filter(([k]) => !stats.paths.includes(k)));
      const r = await call(rooted, 'ads_stats', { ...statsInput, mode: 'job' });
      expect(r.isError, JSON.stringify(r).slice(0, 400)).toBeFalsy();
    } finally {
      await Promise.all([bare.close(), rooted.close()]);
    }
    expect(readFileSync(canary, 'utf8')).toBe(CANARY_TEXT);
    expect(lstatSync(canary).mode & 0o777).toBe(0o600);
    // The one file postctl keeps of its own, its credential store, may have gained the app's bearer token (the
    // API allows one outstanding token per app, so it is cached; written by the safe-file rule): that and nothing else.
    const store = join(emu.configDir, 'config.json');
    expect(changes(before, watched()).filter((c) => !c.endsWith(` ${store}`))).toEqual([]);
    if (existsSync(store)) {
      const data = JSON.parse(readFileSync(store, 'utf8')) as { profiles?: Record<string, Record<string, unknown>> };
      const keys = Object.entries(data.profiles ?? {}).flatMap(([p, v]) => Object.keys(v).map((k) => `${p}.${k}`));
      expect(
        keys.filter((k) => !/\.bearer_token$/.test(k)),
        JSON.stringify(Object.keys(data)),
      ).toEqual([]);
      expect(lstatSync(store).mode & 0o777).toBe(0o600);
    }
    // The scratch folders are gone with their servers.
    expect(readdirSync(tmp).filter((n) => n.startsWith('postctl-mcp-'))).toEqual([]);
  }, 600_000);

  it('with --allow-writes, a written path must be inside a root and not a link', async () => {
    const target = join(root, 'target.txt');
    writeFileSync(target, 'target\n', { mode: 0o600 });
    const link = join(root, 'link.jsonl');
    symlinkSync(target, link);
    const s = await mcpSession(['mcp', '--toolsets', 'all', '--allow-writes', '--root', root], env, cwd);
    try {
      const outside = await call(s, 'compliance_jobs_get', { job_id: '1372966999991541762', download: join(base, 'out.jsonl') });
      expect(outside.structuredContent?.error).toMatchObject({ code: 'path_refused', message: expect.stringMatching(/outside/) });
      const viaLink = await call(s, 'compliance_jobs_get', { job_id: '1372966999991541762', download: link });
      expect(viaLink.structuredContent?.error).toMatchObject({ code: 'path_refused', message: expect.stringMatching(/symbolic link/) });
      // Inside the root, the call runs (the job is not there: exit 4 from the verb, not a refusal).
      const inside = await call(s, 'compliance_jobs_get', { job_id: '1372966999991541762', download: join(root, 'new.jsonl') });
      expect(inside.structuredContent?.error?.code).not.toBe('path_refused');
    } finally {
      await s.close();
    }
    expect(readFileSync(target, 'utf8')).toBe('target\n');
    expect(existsSync(join(base, 'out.jsonl'))).toBe(false);
  }, 60_000);

  it('@/proc/self/environ, @/dev/zero, a FIFO and a link to /proc are refused through MCP (a tool error, exit 6)', async () => {
    const fifo = join(root, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const link = join(root, 'env-link');
    symlinkSync('/proc/self/environ', link);
    const s = await mcpSession(['mcp', '--toolsets', 'all', '--root', '/', '--root', root], env, cwd);
    const sent = emu.state.requests('GET', '/2/users/by').length;
    try {
      for (const target of ['/proc/self/environ', '/dev/zero', fifo, link]) {
        const viaField = await call(s, 'request', { method: 'GET', path: '/2/users/by', fields: [`usernames=@${target}`] });
        expect(viaField.isError, target).toBe(true);
        expect(viaField.structuredContent?.error, target).toMatchObject({ exit_code: 6 });
        const viaFile = await call(s, 'posts_lookup', { file: target });
        expect(viaFile.structuredContent?.error, target).toMatchObject({ exit_code: 6 });
      }
      // Nothing went out: the environment never reached the API.
      expect(emu.state.requests('GET', '/2/users/by')).toHaveLength(sent);
    } finally {
      await s.close();
    }
  }, 60_000);

  it('a secret that comes back in a result is [redacted] (a stored secret of another profile, read from a file under --root as an id)', async () => {
    // The verb itself redacts the secrets of its own profile and environment; another profile's it does not know
    // of, so only the server's scrub stands between it and the agent.
    const secret = 'OTHERsecret+mcpfilesZZ9';
    const config = tempDir('postctl-mcp-config-');
    writeFileSync(join(config, 'config.json'), JSON.stringify({ profiles: { other: { consumer_secret: secret } } }), { mode: 0o600 });
    const ids = join(root, 'ids.txt');
    writeFileSync(ids, `${secret}\n`, { mode: 0o600 });
    chmodSync(ids, 0o600);
    const s = await mcpSession(['mcp', '--toolsets', 'all', '--root', root], { ...env, POSTCTL_CONFIG_DIR: config, HOME: config }, cwd);
    try {
      const r = await call(s, 'posts_lookup', { file: ids });
      expect(r.isError).toBe(true);
      const text = JSON.stringify(r);
      expect(text).not.toContain(secret);
      expect(text).toContain('[redacted]');
    } finally {
      await s.close();
    }
    expect(existsSync(ids)).toBe(true);
  }, 60_000);
});
