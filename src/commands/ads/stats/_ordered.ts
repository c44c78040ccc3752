// The report of several accounts in a stable order (the order the accounts were
// given or listed in) whatever order they run and finish in. The account next
// in order writes straight through to the report, streaming as it did when
// accounts ran one after another; an account ahead of it is recorded and played
// back when its turn comes. So only the accounts that run or finished ahead of
// the next one in order are held in memory, never the whole run's rows.
import type { Report } from './_report.js';

type Part = ReturnType<Report['account']>;

interface Slot {
  /** Calls recorded while the slot is not next in order (undefined once it is: calls go straight through). */
  held: Array<() => void> | undefined;
  finished: boolean;
}

export class InOrder {
  private readonly slots: Slot[];
  private head = 0;

  constructor(
    private readonly report: Report,
    count: number,
  ) {
    this.slots = Array.from({ length: count }, () => ({ held: [], finished: false }));
    this.advance();
  }

  /** The report as account `i` sees it: its part and its failure, in its turn. */
  slot(i: number): Pick<Report, 'account' | 'failed'> {
    return {
      account: (run) => {
        let part: Part | undefined;
        this.call(i, () => (part = this.report.account(run)));
        return {
          sink: (s) => this.call(i, () => part!.sink(s)),
          done: () => this.call(i, () => part!.done()),
          extra: (e) => this.call(i, () => part!.extra(e)),
        };
      },
      failed: (account, message) => this.call(i, () => this.report.failed(account, message)),
    };
  }

  /** Account `i` has nothing more to write: the accounts after it that are ready are played back. */
  finish(i: number): void {
    this.slots[i]!.finished = true;
    this.advance();
  }

  private call(i: number, f: () => void): void {
    const held = this.slots[i]!.held;
    if (held) held.push(f);
    else f();
  }

  private advance(): void {
    while (this.head < this.slots.length) {
      const slot = this.slots[this.head]!;
      const held = slot.held;
      slot.held = undefined;
      for (const f of held ?? []) f();
      if (!slot.finished) return;
      this.head++;
    }
  }
}
