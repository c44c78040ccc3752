// Entry point: parses argv against the command tree and maps every failure to
// a documented exit code.
import { EXIT } from './exit-codes.js';
import { selectFormat, type Format } from './output/format.js';
import { getErrorContext } from './render-state.js';
import type { CommanderError as CommanderErrorType } from 'commander';

/**
 * The output format as far as argv and the environment tell before any verb
 * runs (commander's own errors): -o/--output/--json, POSTCTL_OUTPUT, else json
 * when stdout is piped. A profile's `output` setting is not read here.
 */
function argvFormat(argv: string[]): Format {
  let flag: string | undefined;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--') break;
    if (a === '--json') json = true;
    else if (a === '-o' || a === '--output') flag = argv[i + 1];
    else if (a.startsWith('--output=')) flag = a.slice(9);
    else if (/^-o\w/.test(a)) flag = a.slice(2);
  }
  return selectFormat(flag, json, process.env.POSTCTL_OUTPUT, Boolean(process.stdout.isTTY));
}

/** Exit code and JSON error for commander's own errors (usage 2; a bad choice or flag value 6). */
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
  if (['json', 'jsonl'].includes(argvFormat(argv)))
    process.stderr.write(
      JSON.stringify({ error: { code: exit === EXIT.USAGE ? 'usage' : 'invalid_input', message, exit_code: exit } }) + '\n',
    );
  return exit;
}

async function main(argv: string[]): Promise<void> {
  // Piping into `head` ends quietly.
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
  const args = argv.slice(2);
  // The version needs no command tree.
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-V')) {
    process.stdout.write(`${__POSTCTL_VERSION__}\n`);
    return;
  }
  // An exactly resolvable verb runs without commander (src/fast-path.ts);
  // anything else — help, errors, completion — goes through the command tree.
  const fast = process.env.POSTCTL_NO_FAST_PATH ? undefined : await (await import('./fast-path.js')).resolveVerb(args);
  try {
    if (fast) {
      const { runParsedVerb } = await import('./commands/define.js');
      await runParsedVerb(fast.spec, fast.args, fast.opts, fast.globals);
    } else {
      const { buildProgram, creativesToAds } = await import('./program.js');
      await (await buildProgram(args)).parseAsync([...argv.slice(0, 2), ...creativesToAds(args)]);
    }
  } catch (e) {
    const CommanderError = fast ? undefined : (await import('./program.js')).CommanderError;
    if (CommanderError && e instanceof CommanderError) {
      process.exitCode = commanderFailure(e, argv);
      return;
    }
    const { renderError } = await import('./render-error.js');
    const ctx = getErrorContext() ?? { format: argvFormat(argv), verbose: argv.includes('--verbose') };
    process.exitCode = renderError(e, ctx, process.stderr, ctx.redact);
  }
}

await main(process.argv);
// Flush stdout before leaving, so piped output is never cut short, and do not
// wait for idle keep-alive sockets.
process.stdout.write('', () => process.exit(process.exitCode ?? 0));
