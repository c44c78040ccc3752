// Starts the emulator in-process on an OS-assigned port, with a private config
// dir and the env a CLI run needs to reach it with the seeded credentials.
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { startEmulator, type Emulator } from '../../src/emulator/server.js';
import type { EmulatorOptions } from '../../src/emulator/state.js';
import type { Dispatcher } from 'undici';
import { inProcessDispatcher } from '../../src/emulator/in-process.js';
import { baseEnv, needsProcess, runCli, tempDir, type RunOptions } from './cli.js';
import { TestClock } from './world.js';

export interface TestEmulator extends Emulator {
  configDir: string;
  /** The clock the emulator and the in-process runs share: their waits step it (test/helpers/world.ts). */
  clock: TestClock;
  /** The emulator's servers in-process, without sockets (src/emulator/in-process.ts). */
  dispatcher: Dispatcher;
  /** Env for the CLI: base env + emulator URLs + seeded credentials. */
  cliEnv(extra?: Record<string, string | undefined>): Record<string, string | undefined>;
  run(args: string[], opts?: RunOptions): ReturnType<typeof runCli>;
}

export async function testEmulator(options: EmulatorOptions = {}): Promise<TestEmulator> {
  const clock = new TestClock();
  // A test that moves the emulator's clock (options.now) moves the runs' with POSTCTL_NOW: the waits step both.
  const moved = options.now;
  const now = moved ? () => moved() + clock.skew : () => clock.now();
  // check_after_secs 0: media processing polls wait the client's floor, a step of the shared clock.
  const emu = await startEmulator({ port: 0, mediaCheckAfterSecs: 0, ...options, now });
  const configDir = tempDir();
  const dispatcher = inProcessDispatcher(emu.servers);
  const cliEnv = (extra: Record<string, string | undefined> = {}) => ({ ...baseEnv(configDir), ...emu.env(), ...extra });
  const close = emu.close;
  return Object.assign(emu, {
    configDir,
    cliEnv,
    clock,
    dispatcher,
    close: () => Promise.all([close(), dispatcher.close()]).then(() => undefined),
    run: (args: string[], opts: RunOptions = {}) => {
      const env = { ...cliEnv(), ...opts.env };
      // A child reads the machine's clock: the waits this emulator's clock has stepped go to it as POSTCTL_NOW.
      if (needsProcess(args, opts) && clock.skew && env.POSTCTL_NOW === undefined) env.POSTCTL_NOW = `+${Math.round(clock.skew / 1000)}s`;
      return runCli(args, { clock, dispatcher, ...opts, env });
    },
  });
}

/**
 * One emulator for a whole test file: started before its tests, closed after,
 * faults cleared before each test (unless `keepFaults`). The returned object
 * forwards to the running instance.
 */
export function fileEmulator(options: EmulatorOptions = {}, { keepFaults = false } = {}): TestEmulator {
  let current: TestEmulator | undefined;
  beforeAll(async () => {
    current = await testEmulator(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  if (!keepFaults) beforeEach(() => current?.state.faults.clear());
  return new Proxy({} as TestEmulator, {
    get: (_target, key) => {
      if (!current) throw new Error('the file emulator is used before beforeAll started it');
      const value = Reflect.get(current, key, current) as unknown;
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

/**
 * A new emulator and config dir for every test of the file: no test sees what
 * another one changed, so any single test (`-t`) passes alone and in any order.
 * The returned object forwards to the current test's instance; `setup` runs on each new one.
 */
export function freshEmulator(options: EmulatorOptions = {}, setup?: (emu: TestEmulator) => void): TestEmulator {
  let current: TestEmulator | undefined;
  beforeEach(async () => {
    current = await testEmulator(options);
    setup?.(current);
  });
  afterEach(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as TestEmulator, {
    get: (_target, key) => {
      if (!current) throw new Error('the fresh emulator is used outside a test');
      const value = Reflect.get(current, key, current) as unknown;
      return typeof value === 'function' ? value.bind(current) : value;
    },
  });
}

/**
 * A CLI run with `-o <format>` and the requests the emulator logged during it (`sent`, and as `METHOD path` lines).
 * For a freshEmulator, or a file whose tests do not run at the same time: another run's requests would count too.
 */
export async function runLogged(emu: TestEmulator, args: string[], format = 'json') {
  const before = emu.state.log.length;
  const r = await emu.run([...args, '-o', format]);
  const sent = emu.state.log.slice(before);
  return Object.assign(r, { sent, lines: sent.map((e) => `${e.method} ${e.path}`) });
}
