// The fast path's run: an exactly resolvable verb (src/entry/fast-path.ts) parsed and
// run without commander, its failure rendered with the documented exit code.
// Shared by the ES-module CLI (src/cli.ts) and the one-script API path that the
// launcher runs with a V8 code cache on Node 20 (src/api-script.ts).
import type { CommandTree } from '../commands/define.js';
import { selectFormat, type Format } from '../output/format.js';
import { getErrorContext } from '../errors/context.js';

/**
 * The output format as far as argv and the environment tell before any verb
 * runs (commander's own errors): -o/--output/--json, POSTCTL_OUTPUT, else json
 * when stdout is piped. A profile's `output` setting is not read here.
 */
export function argvFormat(argv: string[]): Format {
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

/** Renders a failure on stderr; returns its exit code. */
export async function renderFailure(e: unknown, argv: string[]): Promise<number> {
  const { renderError } = await import('../errors/render.js');
  const ctx = getErrorContext() ?? { format: argvFormat(argv), verbose: argv.includes('--verbose') };
  return renderError(e, ctx, process.stderr, ctx.redact);
}

/** Piping into `head` ends quietly. */
export function quietOnEpipe(): void {
  process.stdout.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  });
}

/**
 * Runs argv's verb if the fast path resolves it (and `accept` takes its top-level word);
 * false when the ES-module CLI must run argv. `tree` is the whole CLI for the verbs that describe it.
 */
export async function runFast(
  argv: string[],
  accept: (group: string, words: string) => boolean = () => true,
  tree?: CommandTree,
): Promise<boolean> {
  if (process.env.POSTCTL_NO_FAST_PATH) return false;
  const path = await import('./fast-path.js');
  if (tree) path.setCommandTree(tree);
  const fast = await path.resolveVerb(argv.slice(2));
  // A manifest's verbs carry their command words ('auth import').
  if (!fast || !accept(fast.group, ((fast.spec as { words?: readonly string[] }).words ?? [fast.group]).join(' '))) return false;
  try {
    // Straight to the runner: the swappable one in define.ts serves commander's actions (tests compare parsers).
    const { runVerb } = await import('./run-verb.js');
    await runVerb(fast.spec, fast.args, fast.opts, fast.globals);
  } catch (e) {
    process.exitCode = await renderFailure(e, argv);
  }
  return true;
}
