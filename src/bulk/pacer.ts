// Paces bulk requests so they do not run into 429s: a static budget (the spec's
// stated limit, e.g. 1,500 requests per minute) plus whatever the rate-limit
// headers announce — when `remaining` reaches the in-flight count, wait for the reset.
import { SYSTEM_CLOCK, type Clock } from '../world/world.js';
import type { RateLimitInfo } from '../http/rate-limit.js';

export class Pacer {
  private sent: number[] = [];
  private last: RateLimitInfo = {};
  private inFlight = 0;
  /** Waits for the static budget (the documented limit), and their total length: callers report the pacing they did. */
  readonly budgetWaits = { count: 0, ms: 0 };

  constructor(
    private budget?: { max: number; windowMs: number },
    private signal?: AbortSignal,
    /** The run's clock: the window and the waits (a 15-minute window is a step of a test's clock). */
    private clock: Clock = SYSTEM_CLOCK,
  ) {}

  /** Waits until one more request may go out, then reserves it. */
  async acquire(): Promise<void> {
    for (;;) {
      const now = this.clock.now();
      if (this.budget) {
        this.sent = this.sent.filter((t) => now - t < this.budget!.windowMs);
        if (this.sent.length >= this.budget.max) {
          const ms = this.sent[0]! + this.budget.windowMs - now + 5;
          this.budgetWaits.count++;
          this.budgetWaits.ms += ms;
          await this.clock.sleep(ms, this.signal);
          continue;
        }
      }
      const { remaining, resetAt } = this.last;
      if (remaining !== undefined && resetAt !== undefined && remaining <= this.inFlight && resetAt > now) {
        await this.clock.sleep(Math.min(resetAt - now + 50, 15 * 60_000), this.signal);
        this.last = {};
        continue;
      }
      this.sent.push(now);
      this.inFlight++;
      return;
    }
  }

  /** Reports the response's rate-limit state and frees the slot. */
  release(info?: RateLimitInfo): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (info && (info.remaining !== undefined || info.resetAt !== undefined)) this.last = info;
  }
}
