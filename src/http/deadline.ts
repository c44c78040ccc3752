// One deadline for a whole attempt: connecting, headers AND body. undici's
// headersTimeout/bodyTimeout are idle timers, reset by every byte, so a server
// that trickles one byte every few seconds keeps a request open for ever; this
// timer is not reset. It aborts through the request's signal, combined with
// the run's own signal (Ctrl-C), and tells the two apart afterwards.
export class Deadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly timer: ReturnType<typeof setTimeout> | undefined;
  private fired = false;

  constructor(readonly ms: number, parent?: AbortSignal) {
    // 0 (or less) means no deadline, as for --timeout 0 elsewhere.
    if (ms > 0) {
      this.timer = setTimeout(() => {
        this.fired = true;
        this.controller.abort(new Error(`deadline of ${ms} ms passed`));
      }, ms);
    }
    this.signal = parent ? AbortSignal.any([parent, this.controller.signal]) : this.controller.signal;
  }

  /** True when this deadline (not the parent signal) ended the attempt. */
  get expired(): boolean {
    return this.fired;
  }

  /** Stops the timer: the response is complete, or handed over as a stream. */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
  }
}

/** "--timeout 2 s" for messages; fractions kept for short test timeouts. */
export function describeTimeout(ms: number): string {
  const s = ms / 1000;
  return `--timeout ${Number.isInteger(s) ? s : s.toFixed(1)} s`;
}
