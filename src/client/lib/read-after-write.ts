import { affectedResources, readsUnder, resourcePrefix } from '../../shared/fresh-reads.ts';

// A list must show the person's own last action when they come back to it: a read of what a write is
// still changing waits for that write, and an answer that was in flight while it landed is not cached.

/** A read waits for the writes before it this long at most: past it, the network is the problem. */
export const READ_WAITS_FOR_WRITE_MS = 10_000;

interface Pending {
  prefixes: string[];
  done: Promise<unknown>;
}

const pending = new Set<Pending>();
// Bumped by every write (per resource it changes; '/' for a write that changes every resource).
const generations = new Map<string, number>();

/**
 * Holds reads of whatever a write to `path` changes until `done` settles (the write itself, or an
 * outbox entry until its drain is over). Returns `done`.
 */
export function holdReads<T>(path: string, done: Promise<T>): Promise<T> {
  const entry: Pending = { prefixes: affectedResources(path), done: done.catch(() => undefined) };
  pending.add(entry);
  void entry.done.then(() => pending.delete(entry));
  return done;
}

/** Resolves once every write in flight that changes the GET `path` has settled (or after the cap). */
export async function writesSettled(path: string): Promise<void> {
  const waits = [...pending].filter((entry) => readsUnder(path, entry.prefixes)).map((e) => e.done);
  if (waits.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, READ_WAITS_FOR_WRITE_MS);
  });
  try {
    await Promise.race([Promise.all(waits), cap]);
  } finally {
    clearTimeout(timer);
  }
}

/** Records that a write to `path` happened (also after a failure: it may have landed on the server). */
export function bumpGenerations(path: string): void {
  for (const prefix of affectedResources(path)) generations.set(prefix, (generations.get(prefix) ?? 0) + 1);
}

/** A number that changes whenever a write changes what a GET of `path` reads. */
export function generationOf(path: string): number {
  return (generations.get(resourcePrefix(path)) ?? 0) + (generations.get('/') ?? 0);
}
