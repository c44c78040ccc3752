// `postctl mcp`: the verbs as MCP tools over stdio, for AI agents (docs/agents.md). The MCP SDK is imported
// here only, when this verb runs: no other verb loads it.
import { envNumber } from '../../config/env-number.js';
import { realpathSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { invalid, UsageError } from '../../errors/cli-error.js';
import { commandTree, defineVerb } from '../define.js';

/** A --root folder by its real path (the one tools' paths are compared with); relative to the run's directory. */
function rootDir(dir: string, cwd: string): string {
  try {
    const real = realpathSync(resolve(cwd, dir));
    if (statSync(real).isDirectory()) return real;
  } catch {
    // Reported below, as for a file that is not a folder.
  }
  throw new UsageError(`--root ${dir}: not a folder`, 'name an existing folder the tools may read files in.');
}

/** --result-budget: characters, from 1,000 to 10,000,000. */
function resultBudget(raw: string | undefined): number {
  if (raw === undefined) return 25_000;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1000 || n > 10_000_000)
    throw invalid('--result-budget', `must be a whole number of characters from 1000 to 10000000 (got ${JSON.stringify(raw)})`);
  return n;
}

const names = (values: readonly string[] | undefined): string[] =>
  (values ?? [])
    .flatMap((t) => t.split(','))
    .map((t) => t.trim())
    .filter(Boolean);

/** --max-concurrent: a whole number from 1 to 64 (calls run in-process, side by side on one HTTP agent). */
function maxConcurrent(raw: string | undefined): number {
  if (raw === undefined) return 4;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > 64)
    throw invalid('--max-concurrent', `must be a whole number from 1 to 64 (got ${JSON.stringify(raw)})`);
  return n;
}

export default defineVerb({
  name: 'mcp',
  description:
    'serve the verbs as MCP tools over stdio for AI agents: read-only unless --allow-writes; never auth or secrets (docs/agents.md)',
  examples: [
    'postctl mcp',
    'postctl mcp --toolsets default,ads_stats',
    'postctl mcp --dynamic',
    'postctl mcp --tools "posts_*,users_*"',
    'postctl mcp --allow-writes --tools "ads_*"',
    'postctl mcp --root ./ads-files --tools "ads_*"',
  ],
  options: {
    allowWrites: {
      flags: '--allow-writes',
      description: 'let tools that change data run (default: they answer with an error; their dry runs work)',
    },
    root: {
      flags: '--root <dir>',
      description: 'let tools read files in this folder (repeatable; default: none) and, with --allow-writes, write there',
      repeatable: true,
    },
    maxConcurrent: {
      flags: '--max-concurrent <n>',
      description: 'run at most n tool calls at once (default 4); later calls wait their turn',
    },
    tools: {
      flags: '--tools <patterns>',
      description:
        'expose the tools whose name matches one of these comma-separated patterns (* matches anything: posts_*,ads_*_list); alone: only those',
      repeatable: true,
    },
    toolsets: {
      flags: '--toolsets <names>',
      description: 'expose these toolsets (comma-separated: posts, users, ads, ads_stats, creatives…, default, or all; default: default)',
      repeatable: true,
    },
    dynamic: {
      flags: '--dynamic',
      description: 'also offer list_toolsets and enable_toolset, so the agent adds toolsets as it needs them',
    },
    resultBudget: {
      flags: '--result-budget <chars>',
      description: 'cut a tool result longer than this many characters, with a cursor for the rest (default 25000)',
    },
  },
  async run(_args, opts, ctx) {
    const [{ serve }, manifests] = await Promise.all([import('../../mcp/server.js'), commandTree().manifests()]);
    const env = ctx.io.env;
    await serve({
      stdin: ctx.io.stdin,
      stdout: ctx.io.stdout,
      env,
      profile: ctx.globals.profile,
      allowWrites: Boolean(opts.allowWrites),
      roots: (opts.root ?? []).map((dir) => rootDir(dir, ctx.io.cwd)),
      manifests,
      tools: names(opts.tools),
      toolsets: names(opts.toolsets),
      dynamic: Boolean(opts.dynamic),
      resultBudget: resultBudget(opts.resultBudget),
      signal: ctx.signal,
      cwd: ctx.io.cwd,
      clock: ctx.io.clock,
      dispatcher: ctx.io.dispatcher,
      maxResultBytes: envNumber(env, 'POSTCTL_MCP_MAX_RESULT_MB', { fallback: 16, min: 1, max: 1024 }) * 1024 * 1024,
      graceMs: envNumber(env, 'POSTCTL_STOP_GRACE_MS', { fallback: 10_000, min: 1, max: 600_000 }),
      maxConcurrent: maxConcurrent(opts.maxConcurrent),
    });
    return 0;
  },
});
