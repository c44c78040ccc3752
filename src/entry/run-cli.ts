// One command line run in a world, answering its exit code: the version, an exactly resolvable verb through
// the fast path (src/entry/fast-path.ts), anything else — help, errors, completion — through the command tree.
// Nothing here touches the process: the launchers (src/cli.ts, src/api-script.ts) give it the real world and
// turn the code into the process's exit; a test gives it its own (test/helpers/world.ts).
import type { CommanderError as CommanderErrorType } from 'commander';
import type { CommandTree } from '../commands/define.js';
import { EXIT } from '../errors/exit-codes.js';
import type { World } from '../world/world.js';
import { argvFormat, renderFailure } from './render-failure.js';
import { runFast } from './run-fast.js';

export interface RunCliOptions {
  /** The whole CLI for the verbs that describe it (completion, mcp): the launcher's tree. */
  tree?: CommandTree | undefined;
  /** The launcher's one-script path tried the fast path already: go straight to the command tree. */
  skipFast?: boolean | undefined;
}

export async function runCli(args: readonly string[], world: World, opts: RunCliOptions = {}): Promise<number> {
  // The version needs no command tree.
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    world.stdout.write(`${__POSTCTL_VERSION__}\n`);
    return EXIT.OK;
  }
  // POSTCTL_NO_FAST_PATH: every command line through commander (docs/configuration.md: for comparing the two).
  if (!opts.skipFast && !world.env.POSTCTL_NO_FAST_PATH) {
    const code = await runFast(args, world, undefined, opts.tree);
    if (code !== undefined) return code;
  }
  const program = await import('./program.js');
  try {
    if (opts.tree) program.setCommandTree(opts.tree);
    const tree = await program.buildProgram([...args], world);
    await tree.parseAsync([...program.creativesToAds([...args])], { from: 'user' });
    const call = program.parsedVerb(tree);
    if (!call) return EXIT.OK;
    const { runVerb } = await import('./run-verb.js');
    return await runVerb(call.spec, call.args, call.opts, call.globals, world);
  } catch (e) {
    if (e instanceof program.CommanderError) return commanderFailure(e, args, world);
    return renderFailure(e, world);
  }
}

/** Exit code and JSON error line for commander's own errors (usage 2; a bad choice or flag value 6). */
function commanderFailure(e: InstanceType<typeof CommanderErrorType>, args: readonly string[], world: World): number {
  const asked = ['commander.helpDisplayed', 'commander.version'].includes(e.code) || (e.code === 'commander.help' && e.exitCode === 0);
  if (asked) return EXIT.OK;
  let message = e.message.replace(/^error: /, '');
  let exit: number = EXIT.USAGE;
  if (e.code === 'postctl.unknownTopic') world.stderr.write(`error: ${e.message}\n`);
  // A group named without a verb: commander printed the group's help on stderr.
  if (e.code === 'commander.help') message = `missing command: ${args.filter((a) => !a.startsWith('-')).join(' ')} <command>`;
  if (e.code === 'commander.invalidArgument') exit = EXIT.INVALID_INPUT;
  // A script reads the failure from the last stderr line: with JSON output, and whenever stderr is not a terminal.
  if (['json', 'jsonl'].includes(argvFormat(args, world)) || !world.stderrTTY)
    world.stderr.write(
      JSON.stringify({ error: { code: exit === EXIT.USAGE ? 'usage' : 'invalid_input', message, exit_code: exit } }) + '\n',
    );
  return exit;
}
