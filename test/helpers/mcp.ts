// An MCP client (the official SDK's own) driving `postctl mcp` over stdio: the built CLI as its subprocess.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { TOP_WORDS } from '../../src/commands/manifest/index.js';
import { toolShape, type ToolShape } from '../../src/mcp/tool-schema.js';
import { BIN, sharedCodeCache, tempDir } from './cli.js';

export interface McpSession {
  client: Client;
  /** What the server wrote on stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

export async function mcpSession(args: string[], env: Record<string, string | undefined>, cwd = tempDir()): Promise<McpSession> {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(sharedCodeCache(env))) if (v !== undefined) clean[k] = v;
  // Its own working directory: verbs write state files there (a cancelled stats job keeps one for --resume).
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    env: clean,
    stderr: 'pipe',
    cwd,
  });
  let stderr = '';
  transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
  const client = new Client({ name: 'postctl-test', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr, close: () => client.close() };
}

/** A tool call's result with the fields the tests read. */
export interface ToolResult {
  isError?: boolean;
  structuredContent?: Record<string, any>;
  content: Array<{ type: string; text?: string }>;
}

/** A sweep row's argv as a tool call: arguments by name, flags by their snake-case names (the tool's own mapping). */
export async function toolCallOf(
  verb: string,
  argv: string[],
): Promise<{ name: string; shape: ToolShape; input: Record<string, unknown> }> {
  const words = verb.split(' ');
  const top = TOP_WORDS.find((t) => t.word === words[0])!;
  const spec = (await top.load()).MANIFEST.verbs.find((v) => v.words.join(' ') === verb)!;
  const shape = toolShape(words, spec);
  const input: Record<string, unknown> = {};
  const args: string[] = [];
  const rest = argv.slice(words.length);
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    const opt = a.startsWith('-') ? spec.options?.find((o) => o.flags.split(/[ ,]+/).includes(a)) : undefined;
    if (!opt) {
      args.push(a);
      continue;
    }
    const long = /--([a-z0-9-]+)/.exec(opt.flags)![1]!;
    // The tool's input of this flag: by the flag it stands for (inputs are named by meaning, not by flag).
    const found = Object.entries(shape.params).find(
      ([, p]) => (p.kind === 'flag' && p.flag === `--${long}`) || (p.kind === 'switch' && (p.on === `--${long}` || p.off === `--${long}`)),
    );
    const key = found?.[0] ?? shape.merged[`--${long}`] ?? (long.startsWith('no-') ? long.slice(3) : long).replace(/-/g, '_');
    const param = shape.params[key];
    // A flag the verb does not declare (a row that checks the refusal) is passed on: the server refuses it.
    if (!param) input[key] = rest[++i];
    else if (param.kind === 'switch') input[key] = !long.startsWith('no-');
    else if (param.kind === 'arg' || (param.kind === 'flag' && param.value === 'list'))
      input[key] = [...((input[key] as string[]) ?? []), ...rest[++i]!.split(',')];
    else if (param.kind === 'flag' && param.value === 'repeat') input[key] = [...((input[key] as string[]) ?? []), rest[++i]!];
    else input[key] = rest[++i];
  }
  for (const [key, p] of Object.entries(shape.params))
    if (p.kind === 'arg' && args.length) input[key] = p.variadic ? [...((input[key] as string[]) ?? []), ...args.splice(0)] : args.shift();
  return { name: shape.name, shape, input };
}
