/**
 * Gathers requests that arrive together into batches, one database round trip for many (PostgreSQL's answer
 * saves: group commit, where each statement is a round trip and each commit waits for the WAL flush).
 *
 * At most `maxInFlight` batches run at once. While they do, new items wait, and the next batch takes all that
 * waited (up to `maxSize`): under little load a batch is one item sent at once; under a flood each round trip
 * carries many. Items with the same key never share a batch or run in two at once (two saves of one question:
 * the second waits for the first), so a batch's statement never upserts a row twice.
 *
 * `run` answers every item of its batch: a value, or an Error for that item alone. If `run` throws, every item
 * of the batch fails with that error.
 */
export interface Batcher<I, O> {
  add(item: I): Promise<O>;
  /** Resolves once nothing is waiting or running. */
  settled(): Promise<void>;
}

interface Entry<I, O> {
  item: I;
  key: string;
  resolve: (value: O) => void;
  reject: (error: unknown) => void;
}

export function createBatcher<I, O>(options: {
  maxSize: number;
  maxInFlight: number;
  keyOf: (item: I) => string;
  run: (items: I[]) => Promise<Array<O | Error>>;
}): Batcher<I, O> {
  const { maxSize, maxInFlight, keyOf, run } = options;
  let queue: Entry<I, O>[] = [];
  const busy = new Set<string>();
  let inFlight = 0;
  let scheduled = false;
  let idle: (() => void)[] = [];

  function schedule() {
    if (scheduled || inFlight >= maxInFlight || !queue.length) return;
    scheduled = true;
    // Everything that arrives while the event loop turns joins the same batch.
    setImmediate(flush);
  }

  function take(): Entry<I, O>[] {
    const batch: Entry<I, O>[] = [];
    const rest: Entry<I, O>[] = [];
    for (const entry of queue) {
      if (batch.length < maxSize && !busy.has(entry.key)) {
        busy.add(entry.key);
        batch.push(entry);
      } else rest.push(entry);
    }
    queue = rest;
    return batch;
  }

  function flush() {
    scheduled = false;
    while (inFlight < maxInFlight) {
      const batch = take();
      if (!batch.length) break;
      inFlight++;
      void runBatch(batch).finally(() => {
        inFlight--;
        for (const entry of batch) busy.delete(entry.key);
        schedule();
        if (!inFlight && !queue.length) {
          for (const done of idle) done();
          idle = [];
        }
      });
    }
  }

  async function runBatch(batch: Entry<I, O>[]) {
    try {
      const results = await run(batch.map((entry) => entry.item));
      batch.forEach((entry, i) => {
        const result = results[i];
        if (result instanceof Error) entry.reject(result);
        else entry.resolve(result as O);
      });
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    }
  }

  return {
    add(item) {
      return new Promise<O>((resolve, reject) => {
        queue.push({ item, key: keyOf(item), resolve, reject });
        schedule();
      });
    },
    settled() {
      if (!inFlight && !queue.length) return Promise.resolve();
      return new Promise((resolve) => idle.push(resolve));
    },
  };
}
