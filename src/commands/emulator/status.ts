// `postctl emulator status`: the emulators started in the background with --print-env that are still running.
import { defineVerb } from '../define.js';
import { emulatorProfile, liveEmulators } from './_profile.js';

export default defineVerb({
  name: 'status',
  description: 'list the emulators running in the background (port, pid, start time, URL, profile)',
  examples: ['postctl emulator status', 'postctl emulator status -o json'],
  options: {},
  async run(_args, _opts, ctx) {
    // Stale records and profiles (kill -9, reboot) are cleaned on the way; foreground emulators are not listed.
    const running = (await liveEmulators(ctx))
      .filter((rec) => !rec.foreground)
      .sort((a, b) => a.port - b.port)
      .map((rec) => ({ port: rec.port, pid: rec.pid, started: rec.started ?? null, url: rec.url, profile: emulatorProfile(rec.port) }));
    ctx.printer.list(running, [
      { header: 'port', key: 'port' },
      { header: 'pid', key: 'pid' },
      { header: 'started', key: 'started' },
      { header: 'url', key: 'url' },
      { header: 'profile', key: 'profile' },
    ]);
    if (!running.length && ctx.format === 'table') ctx.log.info('no background emulator is running');
    return 0;
  },
});
