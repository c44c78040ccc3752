// A failure rendered on the world's stderr with its documented exit code: with what the running verb knows
// (its output format, colours, redactor), or, before a verb runs, with what argv and the environment tell.
import type { ErrorContext } from '../errors/context.js';
import { selectFormat, type Format } from '../output/format.js';
import type { World } from '../world/world.js';

/**
 * The output format as far as argv and the environment tell before any verb
 * runs (commander's own errors): -o/--output/--json, POSTCTL_OUTPUT, else json
 * when stdout is piped. A profile's `output` setting is not read here.
 */
export function argvFormat(args: readonly string[], world: Pick<World, 'env' | 'stdoutTTY'>): Format {
  let flag: string | undefined;
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') break;
    if (a === '--json') json = true;
    else if (a === '-o' || a === '--output') flag = args[i + 1];
    else if (a.startsWith('--output=')) flag = a.slice(9);
    else if (/^-o\w/.test(a)) flag = a.slice(2);
  }
  return selectFormat(flag, json, world.env.POSTCTL_OUTPUT, world.stdoutTTY);
}

/** Renders a failure on the world's stderr; answers its exit code. */
export async function renderFailure(e: unknown, world: World, known: Partial<ErrorContext> = {}): Promise<number> {
  const { renderError } = await import('../errors/render.js');
  const ctx: ErrorContext = {
    format: known.format ?? argvFormat(world.argv, world),
    verbose: known.verbose ?? world.argv.includes('--verbose'),
    stderrTTY: known.stderrTTY ?? world.stderrTTY,
    ...(known.chalk ? { chalk: known.chalk } : {}),
    ...(known.redact ? { redact: known.redact } : {}),
  };
  return renderError(e, ctx, world.stderr, ctx.redact);
}
