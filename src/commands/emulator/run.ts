import type { Context } from '../../context.js';
import { UsageError } from '../../errors.js';

export async function run(_args: string[], opts: Record<string, any>, ctx: Context): Promise<number> {
  const port = Number(opts.port);
  const names = String(opts.names ?? 'both');
  if (names !== 'official' && names !== 'neutral' && names !== 'both') throw new UsageError(`--names must be official, neutral or both (got ${JSON.stringify(names)})`);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError(`--port must be 0 to 65535 (got ${opts.port})`);
  const { startEmulator } = await import('../../emulator/server.js');
  const emu = await startEmulator({ port, latencyMs: Number(opts.latency) || 0, approve: opts.approve !== false, names });
  if (opts.faultRate !== undefined) {
    const p = Number(opts.faultRate);
    if (!(p >= 0 && p <= 1)) throw new UsageError('--fault-rate must be between 0 and 1');
    emu.state.faults.setRandom({ seed: Number(opts.seed) || 1, p429: p / 3, p5xx: p / 3, pDrop: p / 3 });
  }
  const env = emu.env();
  const lines = Object.entries(env).map(([k, v]) => `export ${k}=${v}`);
  if (opts.printEnv || !ctx.io.stdoutTTY) ctx.printer.write(lines.join('\n') + '\n');
  ctx.log.info(`postctl emulator listening on ${emu.url} (platform ${emu.urls.api}, ads ${emu.urls.ads}, sandbox ${emu.urls.adsSandbox}; wire names: ${names})`);
  ctx.log.info(`seeded credentials and account (fake, for the emulator only):\n${lines.map((l) => `  ${l}`).join('\n')}`);
  ctx.log.info('admin: /_emulator/log, /_emulator/faults, /_emulator/approve. Ctrl-C to stop.');
  await new Promise<void>((resolve) => {
    ctx.signal.addEventListener('abort', () => resolve(), { once: true });
    process.once('SIGTERM', () => resolve());
  });
  await emu.close();
  return 0;
}
