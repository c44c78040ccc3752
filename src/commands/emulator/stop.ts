// `postctl emulator stop`: end the emulators started in the background with --print-env.
import { CliError, InputError } from '../../errors.js';
import { EXIT } from '../../exit-codes.js';
import { defineVerb } from '../define.js';
import { listRecords, procIdentity, removeRecord, type EmulatorRecord } from './_pidfile.js';

/**
 * Whether this pid is still the emulator the record was written by: it exists
 * (signal 0 only checks) and, where /proc exists, has the very command line and
 * start time recorded — a pid reused by another program, or a record naming
 * some other process, is never signalled. A record without them (written by an
 * older postctl) is trusted only where there is no /proc to check.
 */
function ours(rec: EmulatorRecord): boolean {
  try {
    process.kill(rec.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = procIdentity(rec.pid);
  if (!now) return procIdentity('self') === undefined; // no /proc (macOS): the trusted record and a live pid are all there is
  return now.cmdline === rec.cmdline && now.start === rec.start && now.cmdline.includes('emulator');
}

export default defineVerb({
  name: 'stop',
  description: 'stop emulators started in the background with --print-env (all, or the one on --port)',
  examples: ['postctl emulator stop', 'postctl emulator stop --port 8788'],
  options: [{ flags: '--port <n>', description: 'stop only the emulator on this port' }],
  async run(_args, opts, ctx) {
    const only = opts.port === undefined ? undefined : Number(opts.port);
    if (only !== undefined && !(Number.isInteger(only) && only > 0 && only <= 65535))
      throw new InputError(`--port must be 1 to 65535 (got ${opts.port})`);
    const records = listRecords(ctx.env).filter((r) => only === undefined || r.port === only);
    let stopped = 0;
    for (const rec of records) {
      if (ours(rec)) {
        process.kill(rec.pid, 'SIGTERM');
        ctx.log.info(`stopped the emulator on port ${rec.port} (pid ${rec.pid})`);
        stopped++;
      }
      // The emulator removes its own record on SIGTERM; a stale one (killed -9, reboot) goes here.
      removeRecord(ctx.env, rec.port);
    }
    if (!stopped)
      throw new CliError(`no background emulator is running${only === undefined ? '' : ` on port ${only}`}`, {
        exitCode: EXIT.NOT_FOUND,
        code: 'not_found',
      });
    return 0;
  },
});
