// Read-ahead for bulk jobs: a bounded queue filled in the background, so the
// next batches are read (hashed, encoded, checked) while the requests in
// flight wait on the network, instead of only when a request slot frees up.
// Memory: at most `size` finished batches more than the requests in flight.
export interface Prefetched<T> extends AsyncIterable<T> {
  /** Stops reading (after an error or an interrupt) and waits for the reader to let go of the source. */
  close(): Promise<void>;
}

export function prefetch<T>(source: AsyncIterable<T>, size: number): Prefetched<T> {
  const queue = new ReadAhead(source, size);
  return {
    [Symbol.asyncIterator]: () => {
      queue.start();
      return {
        next: () => queue.next(),
        // A consumer that stops early (`break`) closes the source too.
        async return(): Promise<IteratorResult<T>> {
          await queue.close();
          return { value: undefined, done: true };
        },
      };
    },
    close: () => queue.close(),
  };
}

/** The bounded queue between the background reader (producer) and the pool (consumer). */
class ReadAhead<T> {
  private readonly queue: T[] = [];
  private done = false;
  private failure: { error: unknown } | undefined;
  private wakeConsumer: (() => void) | undefined;
  private wakeProducer: (() => void) | undefined;
  private produce: Promise<void> | undefined;

  constructor(
    private readonly source: AsyncIterable<T>,
    private readonly size: number,
  ) {}

  private wake(which: 'consumer' | 'producer'): void {
    const w = which === 'consumer' ? this.wakeConsumer : this.wakeProducer;
    if (which === 'consumer') this.wakeConsumer = undefined;
    else this.wakeProducer = undefined;
    w?.();
  }

  start(): void {
    this.produce ??= this.fill();
  }

  private async fill(): Promise<void> {
    try {
      for await (const item of this.source) {
        this.queue.push(item);
        this.wake('consumer');
        while (this.queue.length >= this.size && !this.done) await new Promise<void>((r) => (this.wakeProducer = r));
        // Leaving the loop early calls the source's return(): its file is closed.
        if (this.done) return;
      }
    } catch (error) {
      this.failure = { error };
    } finally {
      this.done = true;
      this.wake('consumer');
    }
  }

  async next(): Promise<IteratorResult<T>> {
    for (;;) {
      if (this.queue.length) {
        const value = this.queue.shift()!;
        this.wake('producer');
        return { value, done: false };
      }
      if (this.failure) throw this.failure.error;
      if (this.done) return { value: undefined, done: true };
      await new Promise<void>((r) => (this.wakeConsumer = r));
    }
  }

  /** Stops reading and waits for the reader to let go of the source. */
  async close(): Promise<void> {
    this.done = true;
    this.wake('producer');
    await this.produce;
  }
}
