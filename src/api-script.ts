// Entry of dist/api-script.js: the fast API path (src/entry/run-fast.ts and all it
// imports, verbs included) bundled as ONE CommonJS script, which the launcher
// compiles through vm.Script with a V8 code cache on Node 20 (bin/code-cache.js):
// Node 20 caches no compiled code for ES modules, and compiling the ~40 modules
// a signed call loads was most of its start-up. What the fast path does not
// resolve, the launcher hands to the ES-module CLI (dist/cli.js).
import { runFast } from './entry/run-fast.js';
import { processWorld } from './world/process-world.js';

export { quietOnEpipe } from './world/process-world.js';

/**
 * Verbs left out of the script (scripts/build.mjs): the emulator, shell completion and the MCP server are no
 * API calls, and `auth import` is a one-off that would make every call's script larger.
 */
const LEFT_OUT = new Set(['emulator', 'completion', 'mcp']);
const LEFT_OUT_VERBS = new Set(['auth import']);

/** The fast path for every verb in the script, its exit code made the process's; false when the ES-module CLI must run argv. */
export async function runApi(argv: string[]): Promise<boolean> {
  const world = processWorld(argv.slice(2));
  if (world.env.POSTCTL_NO_FAST_PATH) return false;
  const code = await runFast(world.argv, world, (group, words) => !LEFT_OUT.has(group) && !LEFT_OUT_VERBS.has(words));
  if (code === undefined) return false;
  process.exitCode = code;
  return true;
}
