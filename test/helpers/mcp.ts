// An MCP client (the official SDK's own) driving `postctl mcp` over stdio: the built CLI as its subprocess.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { BIN, sharedCodeCache, tempDir } from './cli.js';

export interface McpSession {
  client: Client;
  /** What the server wrote on stderr so far. */
  stderr(): string;
  close(): Promise<void>;
}

export async function mcpSession(args: string[], env: Record<string, string | undefined>): Promise<McpSession> {
  const clean: Record<string, string> = {};
  for (const [k, v] of Object.entries(sharedCodeCache(env))) if (v !== undefined) clean[k] = v;
  // Its own working directory: verbs write state files there (a cancelled stats job keeps one for --resume).
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, ...args],
    env: clean,
    stderr: 'pipe',
    cwd: tempDir(),
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
