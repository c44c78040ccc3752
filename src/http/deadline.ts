// One deadline for a whole attempt: connecting, headers AND body. undici's
// headersTimeout/bodyTimeout are idle timers, reset by every byte, so a server
// that trickles one byte every few seconds keeps a request open for ever; this
// timer is not reset. It aborts through the request's signal, which also
// follows the run's own signal (Ctrl-C), and tells the two apart afterwards.
// The link to the run's signal is a listener removed by dispose():
// AbortSignal.any() would retain one signal per request on the long-lived run
// signal (nodejs/node#55351), which a 200k-line upload would feel.
export class Deadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout> | undefined;
  private fired = false;
  private readonly parent: AbortSignal | undefined;
  private readonly onParentAbort = (): void => this.controller.abort(this.parent?.reason);

  constructor(
    readonly ms: number,
    parent?: AbortSignal,
  ) {
    this.parent = parent;
    // 0 (or less) means no deadline, as for --timeout 0 elsewhere.
    if (ms > 0) {
      this.timer = setTimeout(() => {
        this.fired = true;
        this.controller.abort(new Error(`deadline of ${ms} ms passed`));
      }, ms);
    }
    this.signal = this.controller.signal;
    if (parent?.aborted) this.onParentAbort();
    else parent?.addEventListener('abort', this.onParentAbort, { once: true });
  }

  /** True when this deadline (not the parent signal) ended the attempt. */
  get expired(): boolean {
    return this.fired;
  }

  /** Stops the timer: the response is complete, or handed over as a stream (which Ctrl-C still ends). */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
  }

  /** Stops the timer and unlinks from the run's signal: the attempt is over. */
  dispose(): void {
    this.clear();
    this.parent?.removeEventListener('abort', this.onParentAbort);
  }
}

/** "--timeout 2 s" for messages; fractions kept for short test timeouts. */
export function describeTimeout(ms: number): string {
  const s = ms / 1000;
  return `--timeout ${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}
