// At most `max` tool calls run at once; the others wait in arrival order. Each call is a CLI child process, so
// a client that sends 80 calls together would otherwise start 80 processes and as many connections at once.
// A call cancelled while it waits leaves the queue without running.

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
