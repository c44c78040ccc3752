// `postctl emulator`: the offline emulator of both APIs, in the foreground or
// (--print-env) as a detached background process. The one client-side module
// that imports src/emulator (test/unit/import-graph.test.ts).
import { spawn } from 'node:child_process';
import type { Context } from '../../entry/context.js';
import { CliError, UsageError } from '../../errors/cli-error.js';
import { EXIT } from '../../errors/exit-codes.js';
import { defineVerb, type OptionsOf, type OptionTable } from '../define.js';
import { procIdentity, removeRecord, writeRecord } from './_pidfile.js';
import { liveEmulators, removeEmulatorProfile, writeEmulatorProfile } from './_profile.js';

const OPTIONS = {
  port: { flags: '--port <n>', description: 'port to listen on (default 0: a free one)' },
  latency: { flags: '--latency <ms>', description: 'added latency per request in milliseconds', default: '0' },
  approve: { flags: '--no-approve', description: 'do not auto-approve the OAuth authorize step' },
  faultRate: { flags: '--fault-rate <p>', description: 'probability of a random fault (429, 5xx, dropped connection) per request' },
  seed: { flags: '--seed <n>', description: 'seed for random faults', default: '1' },
  statsJobLatency: {
    flags: '--stats-job-latency <ms>',
    description: 'analytics jobs: milliseconds before a job can succeed',
    default: '0',
  },
  statsJobPolls: { flags: '--stats-job-polls <n>', description: 'analytics jobs: status requests before a job succeeds', default: '2' },
  names: {
    flags: '--names <style>',
    description: 'wire names served: official (the live service), neutral (the spec text) or both',
    choices: ['official', 'neutral', 'both'],
    default: 'both',
  },
  dialect: {
    flags: '--dialect <version>',
    description:
      'field-parameter names of the official paths: 2.159 (tweet.fields, referenced_tweets) or 2.167 (post.fields, referenced_posts: the older names are refused as unknown); default POSTCTL_EMULATOR_DIALECT or 2.159',
    choices: ['2.159', '2.167'],
  },
  printEnv: {
    flags: '--print-env',
    description: 'start in the background, print the environment for postctl on stdout and return (stop it with `postctl emulator stop`)',
  },
  backgroundChild: { flags: '--background-child', description: 'internal: the background process --print-env starts', hidden: true },
} as const satisfies OptionTable;
type Opts = OptionsOf<typeof OPTIONS>;

interface Started {
  env: Record<string, string>;
  url: string;
  port: number;
  pid: number;
}

const exportLines = (env: Record<string, string>): string[] => Object.entries(env).map(([k, v]) => `export ${k}=${v}`);

function checkOptions(opts: Opts): { port: number; faultRate?: number } {
  const names = String(opts.names ?? 'both');
  if (!['official', 'neutral', 'both'].includes(names))
    throw new CliError(`--names must be official, neutral or both (got ${JSON.stringify(names)})`, {
      exitCode: EXIT.INVALID_INPUT,
      code: 'invalid_input',
    });
  const port = Number(opts.port ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new CliError(`--port must be 0 to 65535 (got ${opts.port})`, { exitCode: EXIT.INVALID_INPUT, code: 'invalid_input' });
  if (opts.faultRate === undefined) return { port };
  const p = Number(opts.faultRate);
  if (!(p >= 0 && p <= 1))
    throw new CliError(`--fault-rate must be between 0 and 1 (got ${opts.faultRate})`, {
      exitCode: EXIT.INVALID_INPUT,
      code: 'invalid_input',
    });
  return { port, faultRate: p };
}

/** --dialect, else POSTCTL_EMULATOR_DIALECT, else 2.159 (a wrong variable is exit 6 like a wrong flag). */
function dialectOf(opts: Opts): '2.159' | '2.167' {
  const d = opts.dialect ?? process.env.POSTCTL_EMULATOR_DIALECT ?? '2.159';
  if (d !== '2.159' && d !== '2.167')
    throw new CliError(`POSTCTL_EMULATOR_DIALECT must be 2.159 or 2.167 (got ${JSON.stringify(d)})`, {
      exitCode: EXIT.INVALID_INPUT,
      code: 'invalid_input',
    });
  return d;
}

async function start(opts: Opts, port: number, faultRate: number | undefined) {
  const { startEmulator } = await import('../../emulator/server.js');
  try {
    const emu = await startEmulator({
      port,
      latencyMs: Number(opts.latency) || 0,
      approve: opts.approve !== false,
      names: opts.names ?? 'both',
      statsJobLatencyMs: Number(opts.statsJobLatency) || 0,
      statsJobPolls: Number(opts.statsJobPolls) || 1,
      dialect: dialectOf(opts),
    });
    if (faultRate !== undefined)
      emu.state.faults.setRandom({ seed: Number(opts.seed) || 1, p429: faultRate / 3, p5xx: faultRate / 3, pDrop: faultRate / 3 });
    return emu;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new UsageError(`port ${port} is in use; pick another --port or 0`);
    if (code === 'EACCES') throw new UsageError(`port ${port} needs privileges; pick another --port or 0`);
    throw e;
  }
}

/** --print-env: start a detached copy of this command, print its env once it listens, and return. */
async function startInBackground(opts: Opts, ctx: Context): Promise<number> {
  const pass = [
    '--port',
    String(opts.port ?? 0),
    '--latency',
    String(opts.latency ?? 0),
    '--seed',
    String(opts.seed ?? 1),
    '--names',
    String(opts.names ?? 'both'),
    '--stats-job-latency',
    String(opts.statsJobLatency ?? 0),
    '--stats-job-polls',
    String(opts.statsJobPolls ?? 2),
  ];
  if (opts.dialect !== undefined) pass.push('--dialect', opts.dialect);
  if (opts.faultRate !== undefined) pass.push('--fault-rate', String(opts.faultRate));
  if (opts.approve === false) pass.push('--no-approve');
  const child = spawn(process.execPath, [process.argv[1]!, 'emulator', ...pass, '--background-child'], {
    detached: true,
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    env: ctx.env,
  });
  const reply = await new Promise<Started | { error: { message: string; exit_code: number } }>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Started));
    child.once('exit', (code) =>
      reject(new CliError(`the background emulator exited (${code}) before listening`, { exitCode: EXIT.INTERNAL, code: 'internal' })),
    );
    child.once('error', reject);
  });
  child.removeAllListeners('exit');
  child.disconnect();
  child.unref();
  if ('error' in reply)
    throw new CliError(reply.error.message, {
      exitCode: reply.error.exit_code,
      code: reply.error.exit_code === EXIT.USAGE ? 'usage' : 'error',
    });
  // The comment line is harmless under eval and tells how to end it.
  ctx.printer.write(
    [
      ...exportLines(reply.env),
      `# postctl emulator on ${reply.url}, pid ${reply.pid}; stop it with: postctl emulator stop --port ${reply.port}`,
    ].join('\n') + '\n',
  );
  ctx.log.info(
    `postctl emulator running in the background on ${reply.url} (pid ${reply.pid}); stop it with \`postctl emulator stop --port ${reply.port}\``,
  );
  return 0;
}

/**
 * Records this emulator (the record comes before its profile: a profile without a record is stale) after
 * cleaning the records and profiles of emulators that are gone — a foreground one killed -9 leaves both.
 */
async function recordSelf(ctx: Context, emu: { port: number; url: string }, foreground: boolean): Promise<void> {
  await liveEmulators(ctx);
  const started = new Date().toISOString();
  writeRecord(ctx.env, {
    pid: process.pid,
    port: emu.port,
    url: emu.url,
    started,
    ...procIdentity('self'),
    ...(foreground ? { foreground } : {}),
  });
}

/** The detached process: listen, record the pid, tell the parent, serve until SIGTERM. */
async function serveInBackground(opts: Opts, ctx: Context, port: number, faultRate: number | undefined): Promise<number> {
  const send = (m: unknown) => new Promise<void>((resolve) => process.send!(m, () => resolve()));
  let emu: Awaited<ReturnType<typeof start>>;
  try {
    emu = await start(opts, port, faultRate);
  } catch (e) {
    const err = e instanceof CliError ? e : new CliError(String((e as Error).message ?? e));
    await send({ error: { message: err.message, exit_code: err.exitCode } });
    process.disconnect();
    return err.exitCode;
  }
  await recordSelf(ctx, emu, false);
  const env = await writeEmulatorProfile(ctx, emu.port, emu.env());
  await send({ env, url: emu.url, port: emu.port, pid: process.pid } satisfies Started);
  process.disconnect();
  await new Promise<void>((resolve) => process.once('SIGTERM', () => resolve()));
  removeRecord(ctx.env, emu.port);
  await removeEmulatorProfile(ctx, emu.port);
  await emu.close();
  return 0;
}

export default defineVerb({
  name: 'emulator',
  description: 'run the offline emulator of both APIs on 127.0.0.1 (seeded credentials, faults, request log)',
  examples: [
    'eval "$(postctl emulator --port 8788 --print-env)"   # starts it in the background, sets the env',
    'postctl emulator status                              # the background emulators: port, pid, start time',
    'postctl emulator stop --port 8788                    # ends that one (without --port: every one)',
    'postctl emulator --port 8787                          # in the foreground, Ctrl-C to stop',
    'postctl emulator --latency 50 --fault-rate 0.1 --seed 7',
    "postctl emulator --names official                     # a server that knows only the live service's names",
    'postctl emulator --dialect 2.167                      # post.fields on /2/tweets, as openapi v2.167 spells it',
  ],
  options: OPTIONS,
  async run(_args, opts, ctx) {
    const { port, faultRate } = checkOptions(opts);
    if (opts.backgroundChild && process.send) return serveInBackground(opts, ctx, port, faultRate);
    if (opts.printEnv) return startInBackground(opts, ctx);
    const emu = await start(opts, port, faultRate);
    await recordSelf(ctx, emu, true);
    const lines = exportLines(await writeEmulatorProfile(ctx, emu.port, emu.env()));
    // Piped (a test harness, a script reading the env): the env on stdout, and it keeps serving.
    if (!ctx.io.stdoutTTY) ctx.printer.write(lines.join('\n') + '\n');
    ctx.log.info(
      `postctl emulator listening on ${emu.url} (platform ${emu.urls.api}, ads ${emu.urls.ads}, sandbox ${emu.urls.adsSandbox}; wire names: ${opts.names ?? 'both'})`,
    );
    ctx.log.info(`seeded credentials and account (fake, for the emulator only):\n${lines.map((l) => `  ${l}`).join('\n')}`);
    ctx.log.info('admin: /_emulator/log, /_emulator/faults, /_emulator/approve, /_emulator/dialect. Ctrl-C to stop.');
    await new Promise<void>((resolve) => {
      ctx.signal.addEventListener('abort', () => resolve(), { once: true });
      process.once('SIGTERM', () => resolve());
    });
    removeRecord(ctx.env, emu.port);
    await removeEmulatorProfile(ctx, emu.port);
    await emu.close();
    return 0;
  },
});
