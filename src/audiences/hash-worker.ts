// SHA-256 on a second core: a worker thread hashes lists of normalized values
// while the main thread reads, normalizes, batches and sends. Answers come
// back in the order asked (one worker, FIFO), so batches stay deterministic.
import { Worker } from 'node:worker_threads';

// Self-contained (eval'd) so it needs no file of its own in the bundle. Values
// arrive joined by "\n" (normalized values hold no whitespace) and leave as one
// string of 64-character digests.
const SOURCE = `
const { parentPort } = require('node:worker_threads');
const crypto = require('node:crypto');
const h = crypto.hash ? (v) => crypto.hash('sha256', v, 'hex') : (v) => crypto.createHash('sha256').update(v).digest('hex');
parentPort.on('message', (text) => {
  const vals = text.split('\\n');
  const out = new Array(vals.length);
  for (let i = 0; i < vals.length; i++) out[i] = h(vals[i]);
  parentPort.postMessage(out.join(''));
});
`;

export class HashWorker {
  private worker: Worker;
  private waiting: Array<{ resolve: (hex: string) => void; reject: (e: unknown) => void }> = [];
  private failed: unknown;

  constructor() {
    this.worker = new Worker(SOURCE, { eval: true });
    this.worker.on('message', (hex: string) => this.waiting.shift()?.resolve(hex));
    this.worker.on('error', (e) => {
      this.failed = e;
      for (const w of this.waiting.splice(0)) w.reject(e);
    });
  }

  /** The digests of `values`, concatenated (64 hex characters each, in order). */
  hash(values: readonly string[]): Promise<string> {
    if (this.failed) return Promise.reject(this.failed);
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.worker.postMessage(values.join('\n'));
    });
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}
