// Entry point: parses argv against the command tree and maps every failure to
// a documented exit code.
import { EXIT } from './errors/exit-codes.js';
import { argvFormat, quietOnEpipe, renderFailure, runFast } from './entry/run-fast.js';
import type { CommanderError as CommanderErrorType } from 'commander';
import type { CommandTree } from './commands/define.js';

/** Exit code and JSON error line for commander's own errors (usage 2; a bad choice or flag value 6). */
function commanderFailure(e: InstanceType<typeof CommanderErrorType>, argv: string[]): number {
  const asked = ['commander.helpDisplayed', 'commander.version'].includes(e.code) || (e.code === 'commander.help' && e.exitCode === 0);
  if (asked) return EXIT.OK;
  let message = e.message.replace(/^error: /, '');
  let exit: number = EXIT.USAGE;
  if (e.code === 'postctl.unknownTopic') process.stderr.write(`error: ${e.message}\n`);
  // A group named without a verb: commander printed the group's help on stderr.
  if (e.code === 'commander.help')
    message = `missing command: ${argv
      .slice(2)
      .filter((a) => !a.startsWith('-'))
      .join(' ')} <command>`;
  if (e.code === 'commander.invalidArgument') exit = EXIT.INVALID_INPUT;
  // A script reads the failure from the last stderr line: with JSON output, and whenever stderr is not a terminal.
  if (['json', 'jsonl'].includes(argvFormat(argv)) || !process.stderr.isTTY)
    process.stderr.write(
      JSON.stringify({ error: { code: exit === EXIT.USAGE ? 'usage' : 'invalid_input', message, exit_code: exit } }) + '\n',
    );
  return exit;
}

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
};

async function main(argv: string[]): Promise<void> {
  quietOnEpipe();
  const args = argv.slice(2);
  // The version needs no command tree.
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    process.stdout.write(`${__POSTCTL_VERSION__}\n`);
    return;
  }
  // An exactly resolvable verb runs without commander (src/entry/fast-path.ts);
  // anything else — help, errors, completion — goes through the command tree.
  // On Node 20 the launcher's one-script API path (bin/code-cache.js) has
  // already tried the fast path when it hands argv over; it says so here.
  const skipFast = (globalThis as { __postctlFastTried?: boolean }).__postctlFastTried;
  if (!skipFast && (await runFast(argv, undefined, TREE))) return;
  try {
    const { buildProgram, creativesToAds, setCommandTree } = await import('./entry/program.js');
    setCommandTree(TREE);
    await (await buildProgram(args)).parseAsync([...argv.slice(0, 2), ...creativesToAds(args)]);
  } catch (e) {
    const { CommanderError } = await import('./entry/program.js');
    if (e instanceof CommanderError) {
      process.exitCode = commanderFailure(e, argv);
      return;
    }
    process.exitCode = await renderFailure(e, argv);
  }
}

await main(process.argv);
// Flush stdout before leaving, so piped output is never cut short, and do not
// wait for idle keep-alive sockets.
process.stdout.write('', () => process.exit(process.exitCode ?? 0));
