// Bounded concurrency for bulk jobs: at most `concurrency` tasks in flight,
// pulling work lazily from an async source so memory stays constant.
export async function runPool<T>(
  source: AsyncIterable<T> | Iterable<T>,
  concurrency: number,
  worker: (item: T, index: number) => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const it = (
    Symbol.asyncIterator in source ? (source as AsyncIterable<T>)[Symbol.asyncIterator]() : (source as Iterable<T>)[Symbol.iterator]()
  ) as AsyncIterator<T> | Iterator<T>;
  let index = 0;
  let failed: unknown;
  let pulling: Promise<IteratorResult<T>> | undefined;
  // One pull at a time: async generators must not be advanced concurrently.
  const next = async (): Promise<IteratorResult<T>> => {
    while (pulling) await pulling.catch(() => undefined);
    pulling = Promise.resolve(it.next());
    try {
      return await pulling;
    } finally {
      pulling = undefined;
    }
  };
  const lane = async () => {
    for (;;) {
      if (failed !== undefined || signal?.aborted) return;
      const r = await next();
      if (r.done) return;
      const i = index++;
      try {
        await worker(r.value, i);
      } catch (e) {
        failed ??= e;
        return;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, lane));
  if (failed !== undefined) throw failed;
}
