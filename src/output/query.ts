// `--query <JMESPath>`: filters and reshapes any JSON output without jq
// installed, as the AWS CLI's --query does (https://jmespath.org/specification.html).
// JMESPath rather than a jq implementation: the jq ports on npm either wrap the
// jq binary or a wasm build, or are small unmaintained subsets; JMESPath has a
// specification with a compliance suite, and @jmespath-community/jmespath is a
// maintained, dependency-free TypeScript implementation of it. It is loaded
// only when --query is given (prepareQuery, awaited in Context.create).
//
// An expression can grow its result exponentially (`data[].[@,@].[@,@]…`), so
// it is evaluated with a budget: in a worker thread (its heap capped), the
// caller waiting at most POSTCTL_QUERY_TIMEOUT_MS (2 s) for a result of at most
// POSTCTL_QUERY_MAX_MB (64 MB of JSON); past either the worker is stopped and
// the command ends with exit 6 naming the expression. The wait blocks the main
// thread, so while it lasts SIGINT, SIGTERM and SIGHUP have their default
// effect: they end the process at once (nothing has been printed yet).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { MessageChannel, type MessagePort, receiveMessageOnPort, Worker } from 'node:worker_threads';
import { envNumber } from '../config/env-number.js';
import { InputError, UsageError } from '../errors/cli-error.js';

export type Query = (document: unknown) => unknown;

const HINT = 'JMESPath, as in the AWS CLI: e.g. --query "data[].id" or --query "data[?entity_status==\'ACTIVE\'].{id: id, name: name}"';

// CommonJS: the evaluator, fed JSON text, answering JSON text (or why not) on its own port.
const WORKER = `
const { workerData } = require('node:worker_threads');
const jmespath = require(workerData.lib);
const { port, flag } = workerData;
Atomics.store(flag, 0, 1);
Atomics.notify(flag, 0);
port.on('message', ({ text, expression, maxBytes }) => {
  let reply;
  try {
    const out = JSON.stringify(jmespath.search(JSON.parse(text), expression)) ?? 'null';
    reply = out.length > maxBytes ? { over: 'size' } : { text: out };
  } catch (e) {
    reply = e instanceof RangeError ? { over: 'size' } : { error: String(e && e.message) };
  }
  port.postMessage(reply);
  Atomics.store(flag, 0, 1);
  Atomics.notify(flag, 0);
});
`;

type Reply = { text: string } | { over: 'size' } | { error: string };

interface Evaluator {
  worker: Worker;
  port: MessagePort;
  flag: Int32Array;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** The longest wait for the worker to start (then the evaluation's wait says what happened). */
const STARTUP_MS = 30_000;

/** Runs `wait` with the signals' listeners set aside: a signal then ends the process (its default). */
function withDefaultSignals<T>(wait: () => T): T {
  const saved = SIGNALS.map((s) => [s, process.listeners(s)] as const);
  for (const [s] of saved) process.removeAllListeners(s);
  try {
    return wait();
  } finally {
    for (const [s, listeners] of saved) for (const l of listeners) process.on(s, l);
  }
}

/** The package's CommonJS entry, resolved beside postctl (the bundles define `require`; tests resolve from the checkout). */
function jmespathPath(): string {
  const req = typeof require === 'function' ? require : createRequire(join(process.cwd(), 'package.json'));
  return req.resolve('@jmespath-community/jmespath');
}

function startEvaluator(maxBytes: number): Evaluator {
  const { port1, port2 } = new MessageChannel();
  const flag = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { lib: jmespathPath(), port: port2, flag },
    transferList: [port2],
    // Room for the input and a result at the cap, not for an expression that multiplies it.
    resourceLimits: { maxOldGenerationSizeMb: Math.max(256, Math.ceil((maxBytes * 6) / 2 ** 20)) },
  });
  worker.unref();
  port1.unref();
  worker.on('error', () => undefined); // out of memory: the wait below runs out and says so
  // Ready (the library loaded) before the budget's clock starts: a busy machine's start-up is not the expression's.
  withDefaultSignals(() => Atomics.wait(flag, 0, 0, STARTUP_MS));
  return { worker, port: port1, flag };
}

/** Compiles `expression` (a syntax error is exit 2 before anything is sent) and returns the bounded filter. */
export async function prepareQuery(expression: string, env: NodeJS.ProcessEnv = process.env): Promise<Query> {
  const jmespath = await import('@jmespath-community/jmespath');
  try {
    jmespath.compile(expression);
  } catch (e) {
    throw new UsageError(`--query: ${(e as Error).message} (in ${JSON.stringify(expression)})`, HINT);
  }
  const timeoutMs = envNumber(env, 'POSTCTL_QUERY_TIMEOUT_MS', { fallback: 2000, min: 1, max: 3_600_000 });
  const maxMb = envNumber(env, 'POSTCTL_QUERY_MAX_MB', { fallback: 64, min: 0.001, max: 4096 });
  const maxBytes = Math.floor(maxMb * 2 ** 20);
  let evaluator: Evaluator | undefined;
  const over = (what: string) =>
    new InputError(
      `--query ${JSON.stringify(expression)} went over its budget: ${what}; nothing was printed`,
      [],
      'narrow the expression (filter before projecting), or raise POSTCTL_QUERY_TIMEOUT_MS / POSTCTL_QUERY_MAX_MB.',
    );
  return (document) => {
    // Integers past 2^53 (kept as BigInt by the parser) become their exact digits as a string: never a rounded number.
    const text = JSON.stringify(document, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v)) ?? 'null';
    evaluator ??= startEvaluator(maxBytes);
    const { worker, port, flag } = evaluator;
    Atomics.store(flag, 0, 0);
    port.postMessage({ text, expression, maxBytes });
    const answered = withDefaultSignals(() => Atomics.wait(flag, 0, 0, timeoutMs) !== 'timed-out');
    const reply = answered ? (receiveMessageOnPort(port)?.message as Reply | undefined) : undefined;
    if (!reply) {
      void worker.terminate();
      evaluator = undefined;
      throw over(`no result within ${timeoutMs} ms (POSTCTL_QUERY_TIMEOUT_MS)`);
    }
    if ('over' in reply) throw over(`a result larger than ${maxMb} MB (POSTCTL_QUERY_MAX_MB)`);
    if ('error' in reply) throw new UsageError(`--query: ${reply.error}`, HINT);
    return JSON.parse(reply.text) as unknown;
  };
}
