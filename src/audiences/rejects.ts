// Where rejected values go: counted always, the first few kept for the
// summary, and every one written with its line to --rejects FILE (CSV: line,
// field, value, reason; mode 0600, since values are personal data).
import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import { csvField } from '../output/cells.js';

export interface RejectRow {
  line: number;
  field: string;
  value: string;
  reason: string;
}

/** Rows kept in memory for the summary; the file has all of them. */
const KEPT = 20;

export class RejectSink {
  count = 0;
  readonly first: RejectRow[] = [];
  private out: WriteStream | undefined;
  private failed: Error | undefined;
  behind = false;

  constructor(readonly path?: string) {
    if (path) {
      this.out = createWriteStream(path, { mode: 0o600 });
      this.out.on('error', (e) => (this.failed = e));
      this.out.write('line,field,value,reason\n');
    }
  }

  add(row: RejectRow): void {
    this.count++;
    if (this.first.length < KEPT) this.first.push(row);
    if (this.out && !this.out.write(`${row.line},${csvField(row.field)},${csvField(row.value)},${csvField(row.reason)}\n`)) this.behind = true;
  }

  /** Waits until the file has caught up (backpressure). */
  async drain(): Promise<void> {
    if (this.failed) throw this.failed;
    if (this.out && this.behind) await once(this.out, 'drain');
    this.behind = false;
  }

  async close(): Promise<void> {
    if (!this.out) return;
    const out = this.out;
    this.out = undefined;
    await new Promise<void>((resolve) => out.end(resolve));
    if (this.failed) throw this.failed;
  }
}
