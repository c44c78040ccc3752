// Read-ahead for bulk jobs: a bounded queue filled in the background, so the
// next batches are read (hashed, encoded, checked) while the requests in
// flight wait on the network, instead of only when a request slot frees up.
// Memory: at most `size` finished batches more than the requests in flight.
export interface Prefetched<T> extends AsyncIterable<T> {
  /** Stops reading (after an error or an interrupt) and waits for the reader to let go of the source. */
  close(): Promise<void>;
}

export function prefetch<T>(source: AsyncIterable<T>, size: number): Prefetched<T> {
  const queue: T[] = [];
  let done = false;
  let failure: { error: unknown } | undefined;
  let wakeConsumer: (() => void) | undefined;
  let wakeProducer: (() => void) | undefined;
  const wake = (which: 'consumer' | 'producer') => {
    const w = which === 'consumer' ? wakeConsumer : wakeProducer;
    if (which === 'consumer') wakeConsumer = undefined;
    else wakeProducer = undefined;
    w?.();
  };

  let produce: Promise<void> | undefined;
  const start = () =>
    (produce ??= (async () => {
      try {
        for await (const item of source) {
          queue.push(item);
          wake('consumer');
          while (queue.length >= size && !done) await new Promise<void>((r) => (wakeProducer = r));
          // Leaving the loop early calls the source's return(): its file is closed.
          if (done) return;
        }
      } catch (error) {
        failure = { error };
      } finally {
        done = true;
        wake('consumer');
      }
    })());

  const close = async (): Promise<void> => {
    done = true;
    wake('producer');
    await produce;
  };

  return {
    [Symbol.asyncIterator]: () => {
      start();
      return {
        async next(): Promise<IteratorResult<T>> {
          for (;;) {
            if (queue.length) {
              const value = queue.shift()!;
              wake('producer');
              return { value, done: false };
            }
            if (failure) throw failure.error;
            if (done) return { value: undefined, done: true };
            await new Promise<void>((r) => (wakeConsumer = r));
          }
        },
        // A consumer that stops early (`break`) closes the source too.
        async return(): Promise<IteratorResult<T>> {
          await close();
          return { value: undefined, done: true };
        },
      };
    },
    close,
  };
}
