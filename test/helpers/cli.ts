// Runs a command line with a clean environment and a private config directory: in-process in a test world
// (test/helpers/world.ts) by default, or as the built CLI (bin/postctl.js → dist/) in a child process —
// spawnCli, and runCli where only a process can do what the test asks (signals, another launcher, the MCP
// server and the emulator verb, which start processes of their own).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dispatcher } from 'undici';
import { runInProcess, type TestClock } from './world.js';

export const BIN = fileURLToPath(new URL('../../bin/postctl.js', import.meta.url));

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  json<T = any>(): T;
  /** The last stderr line parsed as JSON (errors with -o json). */
  errorJson<T = any>(): T;
}

export interface RunOptions {
  env?: Record<string, string | undefined>;
  input?: string | Buffer;
  cwd?: string;
  /** Another launcher than this repository's (a copy of it). */
  bin?: string;
  timeoutMs?: number;
  /** A child process whatever the line (the launcher's own behaviour: its code cache, its start-up). */
  spawn?: boolean;
  /** Called with the child once spawned (to signal it, read partial output…); implies a child process. */
  onSpawn?: (child: ChildProcess) => void;
  /** In-process: the run's directory as the world says it, not entered (test/helpers/world.ts). */
  worldCwd?: string | undefined;
  /** In-process runs: the clock (the emulator's, shared), the transport (the emulator's servers), a stop. */
  clock?: TestClock | undefined;
  dispatcher?: Dispatcher | undefined;
  signal?: AbortSignal | undefined;
}

export function tempDir(prefix = 'postctl-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function baseEnv(configDir: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: configDir,
    POSTCTL_CONFIG_DIR: configDir,
    POSTCTL_RETRY_BASE_MS: '5',
    NO_COLOR: '1',
  };
}

/**
 * `env` with the suite's shared compiled-code cache (test/global-setup.ts), unless it names a cache directory
 * of its own (the tests of the cache) or sets the code cache itself.
 */
export function sharedCodeCache<T extends Record<string, string | undefined>>(env: T): T {
  const dir = process.env.POSTCTL_TEST_CODE_CACHE;
  const moved = { ...env, ...fakedTime() };
  if (!dir || env.POSTCTL_CACHE_DIR || env.XDG_CACHE_HOME || 'POSTCTL_CODE_CACHE_DIR' in env) return moved;
  return { ...moved, POSTCTL_CODE_CACHE_DIR: dir };
}

/**
 * libfaketime's variables when the whole suite runs under `faketime` (docs/development.md: the suite a year
 * ahead): the CLI runs' clean environments keep them, so every program of the run shares the moved clock.
 */
export function fakedTime(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && (k.startsWith('FAKETIME') || (k === 'LD_PRELOAD' && v.includes('faketime')))) out[k] = v;
  return out;
}

/** Verbs that start processes of their own from this process's argv (the MCP server's tool runs, the emulator's background child). */
const PROCESS_VERBS = new Set(['mcp', 'emulator']);
/** Variables only a new process honours (the launcher's code cache, Node's own, a preloaded library). */
// A proxy is the agent's own (the process's HTTP_PROXY): the in-process transport would go around it.
const PROCESS_VARIABLES = [
  'NODE_OPTIONS',
  'LD_PRELOAD',
  'POSTCTL_CODE_CACHE_DIR',
  'POSTCTL_NO_CODE_CACHE',
  'HTTP_PROXY',
  'HTTPS_PROXY',
  'http_proxy',
  'https_proxy',
];

export function needsProcess(args: readonly string[], opts: RunOptions): boolean {
  if (opts.spawn || opts.onSpawn || opts.bin) return true;
  if (PROCESS_VERBS.has(args.find((a) => !a.startsWith('-')) ?? '')) return true;
  return PROCESS_VARIABLES.some((k) => opts.env?.[k] !== undefined);
}

/** A command line in-process (the default), or in a child where only a process can do what is asked (needsProcess). */
export function runCli(args: string[], opts: RunOptions = {}): Promise<CliResult> {
  if (needsProcess(args, opts)) return spawnCli(args, opts);
  return runInProcess(args, { ...opts, env: opts.env ?? baseEnv(tempDir()) });
}

/**
 * The built CLI in a child process, always: for the end-to-end set (signals, terminals, start-up, packaging,
 * real sockets). Behaviour tests use runCli / the emulator's run.
 */
export function spawnCli(args: string[], opts: RunOptions = {}): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const env: Record<string, string> = {};
    for (const [k, v] of Object.entries(sharedCodeCache(opts.env ?? baseEnv(tempDir())))) if (v !== undefined) env[k] = v;
    const child = spawn(process.execPath, [opts.bin ?? BIN, ...args], { env, cwd: opts.cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 45_000);
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({
        code,
        signal,
        stdout,
        stderr,
        json: () => JSON.parse(stdout),
        errorJson: () => JSON.parse(stderr.trim().split('\n').pop() ?? ''),
      });
    });
    opts.onSpawn?.(child);
    if (opts.input !== undefined) child.stdin.end(opts.input);
    else child.stdin.end();
  });
}

/** The env that holds a CLI child's config lock `ms` between its read and its write (test/helpers/slow-config-writes.cjs). */
export function slowConfigWrites(ms: number): Record<string, string> {
  return {
    NODE_OPTIONS: `--require ${fileURLToPath(new URL('./slow-config-writes.cjs', import.meta.url))}`,
    SLOW_CONFIG_WRITE_MS: String(ms),
  };
}
