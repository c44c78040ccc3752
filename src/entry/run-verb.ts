// Runs one parsed verb in a world: builds the context, imports the implementation, renders a failure, and
// answers the exit code. No process-wide state: streams, environment, clock, stop signal and transport are the
// world's (src/world/world.ts), so the same call serves the launcher and an in-process test.
import { Context, type GlobalOptions } from './context.js';
import { InputError, Interrupted, UsageError } from '../errors/cli-error.js';
import { runClockOffset } from '../../bin/clock.js';
import { EXIT } from '../errors/exit-codes.js';
import { worldIO } from './io.js';
import { COMMON_FORMATS, type Format } from '../output/format.js';
import type { World } from '../world/world.js';
import { renderFailure } from './render-failure.js';

/**
 * What the runner needs of a verb: its extra output formats and how to load what runs it. Spelt out
 * here (commands/define.ts's VerbSpec satisfies it) because define.ts's parser hands verbs to this module,
 * and importing define.ts back would close a circle.
 */
export interface RunnableVerb {
  formats?: readonly Format[] | undefined;
  load(): Promise<{ run(args: string[], opts: Record<string, unknown>, ctx: Context): Promise<number | void> }>;
}

export async function runVerb(
  spec: RunnableVerb,
  args: string[],
  opts: Record<string, unknown>,
  globals: GlobalOptions,
  world: World,
): Promise<number> {
  const io = worldIO(world, { noInput: globals.input === false });
  let ctx: Context;
  try {
    ctx = await Context.create(io, globals);
  } catch (e) {
    return renderFailure(e, world, { verbose: Boolean(globals.verbose) });
  }
  if (typeof opts.reason === 'string') ctx.journalRun.reason = opts.reason;
  const stop = (reason: unknown) => ctx.abort.abort(reason instanceof Interrupted ? reason : new Interrupted('interrupted'));
  const untrap = world.trapSignals?.(stop);
  const outside = world.signal;
  const onOutside = () => stop(outside?.reason);
  if (outside?.aborted) onOutside();
  else outside?.addEventListener('abort', onOutside, { once: true });
  try {
    if (!COMMON_FORMATS.includes(ctx.format) && !spec.formats?.includes(ctx.format))
      throw new UsageError(
        `-o ${ctx.format} is not an output of this command (it is the report page of ads stats)`,
        'use -o table, json, jsonl or csv',
      );
    // The launcher moved the clock already (bin/clock.js) and a test world moves its own; a value neither could
    // read is refused here, for every verb.
    const clock = runClockOffset(io.env.POSTCTL_NOW, ctx.now());
    if (typeof clock === 'string') throw new InputError(clock);
    const mod = await spec.load();
    let code: number | void;
    try {
      code = await mod.run(args, opts, ctx);
    } catch (e) {
      // Code that sees the abort throws a plain Interrupted (130): the signal's own error has the right code.
      throw e instanceof Interrupted && ctx.signal.reason instanceof Interrupted ? ctx.signal.reason : e;
    }
    if (code === EXIT.INTERRUPTED && ctx.signal.reason instanceof Interrupted) code = ctx.signal.reason.exitCode;
    return typeof code === 'number' ? code : 0;
  } catch (e) {
    return renderFailure(e, world, {
      format: ctx.format,
      verbose: Boolean(globals.verbose),
      stderrTTY: ctx.io.stderrTTY,
      chalk: ctx.chalk,
      redact: (s) => ctx.redactor.text(s),
    });
  } finally {
    untrap?.();
    outside?.removeEventListener('abort', onOutside);
    await ctx.close();
  }
}
