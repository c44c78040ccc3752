// `postctl emulator stop`: end the emulators started in the background with --print-env.
import { CliError, InputError } from '../../errors/cli-error.js';
import { EXIT } from '../../errors/exit-codes.js';
import { defineVerb } from '../define.js';
import { removeRecord } from './_pidfile.js';
import { liveEmulators, removeEmulatorProfile } from './_profile.js';

export default defineVerb({
  name: 'stop',
  description: 'stop emulators started in the background with --print-env (all, or the one on --port)',
  examples: ['postctl emulator stop', 'postctl emulator stop --port 8788'],
  options: {
    port: { flags: '--port <n>', description: 'stop only the emulator on this port' },
  },
  async run(_args, opts, ctx) {
    // `emulator stop --port N`: commander hands --port to the parent verb (`emulator`), whose flags come with the globals.
    const given = opts.port ?? (ctx.globals as { port?: string }).port;
    const only = given === undefined ? undefined : Number(given);
    if (only !== undefined && !(Number.isInteger(only) && only > 0 && only <= 65535))
      throw new InputError(`--port must be 1 to 65535 (got ${given})`);
    // Stale records and profiles (killed -9, reboot) are cleaned first. A stopped one removes its own on SIGTERM,
    // and they go here too, so they are gone when stop returns.
    const records = (await liveEmulators(ctx)).filter((r) => !r.foreground && (only === undefined || r.port === only));
    for (const rec of records) {
      process.kill(rec.pid, 'SIGTERM');
      ctx.log.info(`stopped the emulator on port ${rec.port} (pid ${rec.pid})`);
      removeRecord(ctx.env, rec.port);
      await removeEmulatorProfile(ctx, rec.port);
    }
    const stopped = records.length;
    if (!stopped)
      throw new CliError(`no background emulator is running${only === undefined ? '' : ` on port ${only}`}`, {
        exitCode: EXIT.NOT_FOUND,
        code: 'not_found',
      });
    return 0;
  },
});
