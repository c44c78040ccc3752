// At most `max` tool calls run at once; the others wait in arrival order. Calls run in-process (run-tool.ts) on
// one event loop and one HTTP agent: a client that sends 80 calls together would otherwise have 80 verbs
// holding memory and sending requests at once, against one account's rate limits. A call cancelled while it
// waits leaves the queue without running.

export class CancelledWhileQueued extends Error {}

export function callLimiter(max: number) {
  let active = 0;
  const queue: Array<() => void> = [];
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else active--;
  };
  return async function run<T>(signal: AbortSignal, fn: () => Promise<T>): Promise<T> {
    if (signal.aborted) throw new CancelledWhileQueued('cancelled');
    if (active < max) active++;
    else
      await new Promise<void>((resolve, reject) => {
        const go = () => {
          signal.removeEventListener('abort', cancel);
          resolve();
        };
        const cancel = () => {
          const i = queue.indexOf(go);
          if (i >= 0) queue.splice(i, 1);
          reject(new CancelledWhileQueued('cancelled while waiting for a free slot'));
        };
        queue.push(go);
        signal.addEventListener('abort', cancel, { once: true });
      });
    try {
      return await fn();
    } finally {
      release();
    }
  };
}
