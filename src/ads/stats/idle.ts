// A watch over one download: it fires when the file host has sent nothing for
// `idleMs` (--timeout: a slow host that keeps sending is never cut, a silent
// one is), or when the run's deadline (--max-wait) passes, whichever is first.
// Time is measured on the run's clock (ctx.now / ctx.sleep), the clock every
// other wait of the run is on: the gap between two arrivals is checked as each
// arrives, and once the host has been quiet for a moment the watch waits on
// the clock for the rest of the allowance. Only a quiet host is waited on —
// never a flowing one — so a run's clock that steps over waits (a test's) is
// not stepped by the watch while bytes are coming. A reader holding the body
// back (backpressure: we are the slow side, not the host) is not idleness.
import type { Clock } from '../../world/world.js';

/** How long the host must be quiet, on the machine's timer, before the watch waits on the run's clock. */
const QUIET_MS = 200;

export type IdleCause = 'idle' | 'deadline';

export class IdleWatch {
  private last: number;
  private quiet: ReturnType<typeof setTimeout> | undefined;
  private nap: AbortController | undefined;
  private held = false;
  private over = false;

  constructor(
    private readonly clock: Clock,
    /** 0: no idle limit (--timeout 0), the deadline still holds. */
    private readonly idleMs: number,
    private readonly deadline: number,
    private readonly fire: (cause: IdleCause) => void,
  ) {
    this.last = clock.now();
    this.arm();
  }

  /** Bytes arrived (or the reader took the body up again). */
  touch(): void {
    if (this.over) return;
    const now = this.clock.now();
    if (now >= this.deadline) return this.end('deadline');
    if (!this.held && this.idleMs > 0 && now - this.last > this.idleMs) return this.end('idle');
    this.held = false;
    this.last = now;
    this.arm();
  }

  /** The reader holds the body back: no idleness is counted until it takes it up again (touch). */
  hold(): void {
    this.held = true;
    this.calm();
  }

  /** The download is over (or failed otherwise): the watch ends without firing. */
  dispose(): void {
    this.over = true;
    this.calm();
  }

  private calm(): void {
    clearTimeout(this.quiet);
    this.nap?.abort();
    this.nap = undefined;
  }

  private arm(): void {
    this.calm();
    this.quiet = setTimeout(() => void this.silent(), QUIET_MS);
  }

  /** The host is quiet: wait on the run's clock until the allowance (or the deadline) is used up. */
  private async silent(): Promise<void> {
    if (this.over || this.held) return;
    const nap = new AbortController();
    this.nap = nap;
    const until = Math.min(this.idleMs > 0 ? this.last + this.idleMs : Number.POSITIVE_INFINITY, this.deadline);
    try {
      await this.clock.sleep(Math.max(0, until - this.clock.now()), nap.signal);
    } catch {
      return;
    }
    if (nap.signal.aborted || this.over) return;
    this.end(this.clock.now() >= this.deadline ? 'deadline' : 'idle');
  }

  private end(cause: IdleCause): void {
    if (this.over) return;
    this.dispose();
    this.fire(cause);
  }
}
