// Starts the emulator in-process on an OS-assigned port, with a private config
// dir and the env a CLI run needs to reach it with the seeded credentials.
import { startEmulator, type Emulator } from '../../src/emulator/server.js';
import type { EmulatorOptions } from '../../src/emulator/state.js';
import { baseEnv, runCli, tempDir, type RunOptions } from './cli.js';

export interface TestEmulator extends Emulator {
  configDir: string;
  /** Env for the CLI: base env + emulator URLs + seeded credentials. */
  cliEnv(extra?: Record<string, string | undefined>): Record<string, string | undefined>;
  run(args: string[], opts?: RunOptions): ReturnType<typeof runCli>;
}

export async function testEmulator(options: EmulatorOptions = {}): Promise<TestEmulator> {
  const emu = await startEmulator({ port: 0, ...options });
  const configDir = tempDir();
  const cliEnv = (extra: Record<string, string | undefined> = {}) => ({ ...baseEnv(configDir), ...emu.env(), ...extra });
  return Object.assign(emu, {
    configDir,
    cliEnv,
    run: (args: string[], opts: RunOptions = {}) => runCli(args, { ...opts, env: { ...cliEnv(), ...opts.env } }),
  });
}
