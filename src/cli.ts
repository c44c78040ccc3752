// Entry point: parses argv against the command tree and maps every failure to
// a documented exit code.
import { EXIT } from './exit-codes.js';
import { getErrorContext } from './render-state.js';

function argvFormat(argv: string[]): 'json' | 'table' {
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--json' || a === '-ojson' || a === '--output=json' || ((a === '-o' || a === '--output') && argv[i + 1] === 'json')) return 'json';
  }
  return process.env.POSTCTL_OUTPUT === 'json' ? 'json' : 'table';
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
      const { buildProgram } = await import('./program.js');
      await (await buildProgram(args)).parseAsync(argv);
    }
  } catch (e) {
    const { CommanderError } = fast ? { CommanderError: undefined } : await import('./program.js');
    if (CommanderError && e instanceof CommanderError) {
      const ok = ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(e.code);
      if (!ok && e.code === 'postctl.unknownTopic') process.stderr.write(`error: ${e.message}\n`);
      process.exitCode = ok ? EXIT.OK : EXIT.USAGE;
      if (!ok && argvFormat(argv) === 'json') process.stderr.write(JSON.stringify({ error: { code: 'usage', message: e.message.replace(/^error: /, ''), exit_code: EXIT.USAGE } }) + '\n');
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
