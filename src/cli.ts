// Entry point of the ES-module CLI: the real world (src/world/process-world.ts) given to one command line, and
// its exit code made the process's.
import { runCli } from './entry/run-cli.js';
import { processWorld, quietOnEpipe } from './world/process-world.js';
import type { CommandTree } from './commands/define.js';

/**
 * The whole CLI for the verbs that describe it (completion, mcp): installed from here, the one module above
 * the tree, because those verbs are loaded from the manifests they describe (see commands/define.ts).
 */
const TREE: CommandTree = {
  program: async () => (await import('./entry/program.js')).buildProgram(),
  manifests: async () => {
    const { TOP_WORDS } = await import('./commands/groups.js');
    return (await Promise.all(TOP_WORDS.map((t) => t.load()))).map((m) => m.MANIFEST);
  },
  run: (args, world) => runCli(args, world, { tree: TREE }),
};

quietOnEpipe();
// On Node 20 the launcher's one-script API path (bin/code-cache.js) has already tried the fast path when it
// hands argv over; it says so here.
const skipFast = Boolean((globalThis as { __postctlFastTried?: boolean }).__postctlFastTried);
process.exitCode = await runCli(process.argv.slice(2), processWorld(), { tree: TREE, skipFast });
// Flush stdout before leaving, so piped output is never cut short, and do not
// wait for idle keep-alive sockets.
process.stdout.write('', () => process.exit(process.exitCode ?? 0));
