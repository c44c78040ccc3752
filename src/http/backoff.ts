// Exponential backoff with full jitter, and an abortable sleep.
export interface BackoffPolicy {
  /** First delay's upper bound in ms. */
  baseMs: number;
  /** Upper bound of any single delay in ms. */
  capMs: number;
}

export function backoffDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attempt - 1));
  // Full jitter, but never less than half the ceiling so retries do not bunch at 0.
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Small jitter added to announced reset times so many clients do not return in lockstep. */
export function resetJitter(baseMs: number, random: () => number = Math.random): number {
  return Math.round(random() * Math.min(1000, baseMs));
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
