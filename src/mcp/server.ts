// `postctl mcp`: an MCP server over stdio (the official TypeScript SDK's low-level Server, which takes the
// tools' JSON Schemas as they are), one tool per verb. A call runs the verb in-process, in a world of its own
// (run-tool.ts): no process start-up per call, and one keep-alive HTTP agent for all calls, so connections
// are reused; at most --max-concurrent run at once (limit.ts). Its JSON output is the structured result, its
// JSON error object the error.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { commandTree, type Manifest } from '../commands/define.js';
import { EXIT } from '../errors/exit-codes.js';
import { envNumber } from '../config/env-number.js';
import type { Dispatcher } from 'undici';
import type { Clock } from '../world/world.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { requestReads } from './access.js';
import { confinePaths, PathRefused } from './confine.js';
import { listed, loadTools, type Tool } from './catalog.js';
import { registerPrompts } from './prompts.js';
import { ResultPages } from './results.js';
import { ENABLE_TOOLSET, LIST_TOOLSETS, ToolCatalog } from './toolsets.js';
import { CancelledWhileQueued, callLimiter } from './limit.js';
import { exitMeaning, runTool, structured, type RunOutcome, type Runner } from './run-tool.js';
import { knownSecrets, scrubText, scrubValue } from './scrub.js';
import { argvOf } from './tool-schema.js';

export interface ServeOptions {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
  profile: string | undefined;
  allowWrites: boolean;
  /** Real paths of the folders tools may read files in (--root); none: no local file. */
  roots: readonly string[];
  tools: readonly string[];
  /** --toolsets names (default, all, or a group's); none and no --tools: the default set. */
  toolsets: readonly string[];
  /** --dynamic: list_toolsets and enable_toolset, and tools/list_changed when the list grows. */
  dynamic: boolean;
  /** Characters a tool result may take before it is cut with a cursor (--result-budget). */
  resultBudget: number;
  /** Every top word's manifest: the verbs the tools are made from. */
  manifests: readonly Manifest[];
  signal: AbortSignal;
  /** The server's working directory (relative paths in a call's input are relative to it), clock and transport. */
  cwd: string;
  clock: Clock;
  /** The world's transport if it has one (a test's emulator); else the server builds one keep-alive agent. */
  dispatcher?: Dispatcher | undefined;
  maxResultBytes: number;
  graceMs: number;
  /** Tool calls run at once at most; later ones wait (--max-concurrent). */
  maxConcurrent: number;
}

type Extra = {
  signal: AbortSignal;
  _meta?: { progressToken?: string | number };
  sendNotification: (n: {
    method: 'notifications/progress';
    params: { progressToken: string | number; progress: number; message?: string };
  }) => Promise<void>;
};

function failure(code: string, message: string, exit: number, extra: Record<string, unknown> = {}): CallToolResult {
  const error = { error: { code, message, exit_code: exit, ...extra }, exit_meaning: exitMeaning(exit) };
  return { isError: true, structuredContent: error, content: [{ type: 'text', text: `error (exit ${exit}): ${message}` }] };
}

/** Why a call is refused before it runs, if it is. */
function refusal(tool: Tool, input: Record<string, unknown>, allowWrites: boolean): CallToolResult | undefined {
  if (allowWrites || tool.access === 'read') return undefined;
  if (tool.access === 'request' && requestReads(input)) return undefined;
  if (tool.access === 'write' && Object.hasOwn(input, 'dry_run') && input.dry_run === true) return undefined;
  const what = tool.access === 'request' ? `request ${String(input.method ?? '')} changes data` : `${tool.name} changes data`;
  return failure(
    'writes_not_allowed',
    `${what}, and this server is read-only: start it with \`postctl mcp --allow-writes\` to allow it${Object.hasOwn(tool.params, 'dry_run') ? ' (dry_run: true shows what would be sent)' : ''}`,
    EXIT.USAGE,
  );
}

function result(
  tool: Tool,
  out: RunOutcome,
  secrets: readonly string[],
  pages: ResultPages,
  input: Record<string, unknown>,
): CallToolResult {
  const label = `postctl ${tool.words.join(' ')}`;
  const notes = out.notes.length ? `\n${out.notes.slice(-20).join('\n')}` : '';
  if (out.tooLarge)
    return failure('result_too_large', `${label}: the output passed the result cap; ask for less (limit, fields)`, EXIT.USAGE);
  if (out.code !== 0) {
    const err = (out.error?.error as Record<string, unknown> | undefined) ?? {
      code: 'failed',
      message: out.notes.at(-1) ?? 'failed',
      exit_code: out.code,
    };
    const body = scrubValue({ error: err, exit_meaning: exitMeaning(out.code) }, secrets) as Record<string, unknown>;
    const message = String((body.error as Record<string, unknown>).message ?? '');
    return {
      isError: true,
      structuredContent: body,
      content: [
        { type: 'text', text: scrubText(`${label} failed with exit ${out.code} (${exitMeaning(out.code)}): ${message}${notes}`, secrets) },
      ],
    };
  }
  const data = scrubValue(structured(out.stdout), secrets) as Record<string, unknown>;
  return pages.shape(tool, label, data, input, scrubText(out.notes.join('\n'), secrets).split('\n').filter(Boolean));
}

async function call(
  opts: ServeOptions,
  tools: { get(name: string): Tool | undefined },
  pages: ResultPages,
  name: string,
  input: Record<string, unknown>,
  extra: Extra,
  stop: AbortSignal,
  shared: Shared,
) {
  const tool = tools.get(name);
  if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${JSON.stringify(name)}`);
  // The next part of a cut result comes from memory: the verb does not run again.
  if (ResultPages.isCursor(input.cursor)) {
    const next = pages.continue(tool, `postctl ${tool.words.join(' ')}`, input.cursor);
    return typeof next === 'string' ? failure('cursor', next, EXIT.USAGE) : next;
  }
  const refused = refusal(tool, input, opts.allowWrites);
  if (refused) return refused;
  let argv: string[];
  try {
    argv = argvOf(tool, confinePaths(tool, input, { roots: opts.roots, allowWrites: opts.allowWrites, base: opts.cwd }));
  } catch (e) {
    if (e instanceof PathRefused) return failure('path_refused', `${tool.name}: ${e.message}`, EXIT.INVALID_INPUT);
    return failure('usage', `${tool.name}: ${(e as Error).message}`, EXIT.USAGE);
  }
  const secrets = await knownSecrets(opts.env);
  const token = extra._meta?.progressToken;
  let progress = 0;
  const onLine =
    token === undefined
      ? undefined
      : (line: string) =>
          void extra
            .sendNotification({
              method: 'notifications/progress',
              params: { progressToken: token, progress: ++progress, message: scrubText(line, secrets) },
            })
            .catch(() => undefined);
  const globals = ['-o', 'json', '--no-input', ...(opts.profile ? ['--profile', opts.profile] : [])];
  const signal = AbortSignal.any([extra.signal, stop]);
  let out: RunOutcome;
  try {
    out = await shared.limit(signal, () =>
      runTool({
        argv: [...globals, ...argv],
        env: callEnv(opts.env, shared.scratch),
        cwd: shared.scratch,
        clock: opts.clock,
        dispatcher: shared.dispatcher,
        run: shared.run,
        signal,
        onLine,
        maxOutputBytes: opts.maxResultBytes,
        graceMs: opts.graceMs,
      }),
    );
  } catch (e) {
    if (e instanceof CancelledWhileQueued) return failure('cancelled', `${tool.name}: cancelled before it ran`, EXIT.INTERRUPTED);
    throw e;
  }
  return result(tool, out, secrets, pages, input);
}

/** list_toolsets and enable_toolset (dynamic mode). */
async function toolsetCall(
  tools: ToolCatalog<Tool>,
  name: string,
  input: Record<string, unknown>,
  changed: () => Promise<void>,
): Promise<CallToolResult> {
  if (name === LIST_TOOLSETS) {
    const sets = tools.list();
    return {
      structuredContent: { toolsets: sets },
      content: [
        { type: 'text', text: `${sets.length} toolsets, ${sets.filter((s) => s.enabled).length} enabled; enable_toolset adds one` },
      ],
    };
  }
  const added = tools.enable(String(input.toolset ?? ''));
  if (!added) return failure('usage', `enable_toolset: no toolset ${JSON.stringify(input.toolset)} (list_toolsets names them)`, EXIT.USAGE);
  if (added.length) await changed();
  return {
    structuredContent: { toolset: input.toolset, added },
    content: [
      {
        type: 'text',
        text: `${String(input.toolset)}: ${added.length} tools added${added.length ? '; the tool list changed' : ' (it was enabled already)'}`,
      },
    ],
  };
}

/** What every call shares: the scratch folder, the limiter, the transport and the runner. */
interface Shared {
  scratch: string;
  limit: ReturnType<typeof callLimiter>;
  dispatcher: Dispatcher;
  run: Runner;
}

/**
 * A call's environment: no prompts, no colour, no traces, progress lines often enough to report; its
 * temporary files in the server's scratch folder.
 */
function callEnv(env: NodeJS.ProcessEnv, scratch: string): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {
    ...env,
    TMPDIR: scratch,
    POSTCTL_NO_INPUT: '1',
    NO_COLOR: '1',
    POSTCTL_PROGRESS_INTERVAL: env.POSTCTL_PROGRESS_INTERVAL ?? '2',
  };
  delete out.POSTCTL_OUTPUT;
  delete out.FORCE_COLOR;
  return out;
}

/** Serves until stdin ends or the signal fires. */
export async function serve(opts: ServeOptions): Promise<void> {
  const tools = new ToolCatalog(loadTools(opts.manifests), opts.manifests, {
    toolsets: opts.toolsets,
    tools: opts.tools,
    dynamic: opts.dynamic,
  });
  const pages = new ResultPages({ budget: opts.resultBudget });
  // The tools run in a folder of the server's own (0700, removed when it stops): what a verb writes by
  // default beside its working directory (a stats job's resume state) lands there, not where the server was started.
  const run = commandTree().run;
  if (!run) throw new Error('postctl mcp runs its tools through the launcher, which installs no runner here');
  const scratch = mkdtempSync(join(opts.env.TMPDIR || tmpdir(), 'postctl-mcp-'));
  // One agent for every call (keep-alive: a call reuses the connections of the calls before it), with room for
  // the calls that run at once; a world that brings its own transport (a test's emulator) keeps it.
  const timeoutMs = envNumber(opts.env, 'POSTCTL_TIMEOUT', { fallback: 30, min: 0, max: 10 * 365 * 86_400 }) * 1000;
  const dispatcher = opts.dispatcher ?? (await import('../http/client.js')).createDispatcher(timeoutMs, 16 * opts.maxConcurrent);
  const shared: Shared = { scratch, limit: callLimiter(opts.maxConcurrent), dispatcher, run };
  const server = new Server(
    { name: 'postctl', version: __POSTCTL_VERSION__ },
    {
      capabilities: { tools: opts.dynamic ? { listChanged: true } : {}, prompts: {} },
      instructions: `postctl verbs as tools. Results: structuredContent, with a short text summary; big ones come in parts with a cursor. Never ask for or paste secrets; use dry_run: true before a write.${
        opts.dynamic ? ' More tools: list_toolsets, then enable_toolset.' : ''
      }`,
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...tools.metaTools(), ...tools.exposed().map((t) => listed(t, opts.allowWrites))],
  }));
  registerPrompts(server);
  // Calls still running when the client goes away are stopped as by Ctrl-C, and waited for (their clean-up,
  // at most the grace period each).
  const stop = new AbortController();
  const running = new Set<Promise<unknown>>();
  server.setRequestHandler(CallToolRequestSchema, async (req, extra) => {
    if (tools.dynamic && (req.params.name === LIST_TOOLSETS || req.params.name === ENABLE_TOOLSET))
      return toolsetCall(tools, req.params.name, req.params.arguments ?? {}, () => server.sendToolListChanged());
    const p = call(
      opts,
      tools,
      pages,
      req.params.name,
      (req.params.arguments ?? {}) as Record<string, unknown>,
      extra as unknown as Extra,
      stop.signal,
      shared,
    );
    running.add(p);
    void p.finally(() => running.delete(p)).catch(() => undefined);
    return p;
  });
  const transport = new StdioServerTransport(opts.stdin as never, opts.stdout as never);
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    opts.stdin.once('end', () => resolve());
    opts.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.connect(transport);
  await closed;
  stop.abort();
  await Promise.allSettled([...running]);
  await server.close();
  // Destroyed, not closed: a verb left behind after its grace period may still hold a request open.
  if (dispatcher !== opts.dispatcher) await dispatcher.destroy().catch(() => undefined);
  rmSync(scratch, { recursive: true, force: true });
}
