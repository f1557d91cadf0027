// How old the data on a screen is, kept beside the data instead of in it, so every caller keeps its plain
// types: when the server produced it (for "Offline, last updated 10:42"), and whether it is a copy saved
// earlier (the service worker's, answered because the network could not) rather than the server's answer.

const producedAtByData = new WeakMap<object, number>();
const producedAtBySignal = new WeakMap<AbortSignal, number>();
const savedData = new WeakSet<object>();
const savedSignals = new WeakSet<AbortSignal>();

/**
 * Records when the server produced `data`, for a loader's LoadState.updatedAt: getJson does it itself;
 * a fetcher of its own (an offline copy with its time) calls this. Returns `data`.
 */
export function markUpdatedAt<T>(data: T, producedAt: number, signal: AbortSignal | undefined): T {
  if (typeof data === 'object' && data !== null) producedAtByData.set(data, producedAt);
  if (signal) {
    // A loader that combines several requests is as old as its oldest one.
    const earlier = producedAtBySignal.get(signal);
    producedAtBySignal.set(signal, earlier === undefined ? producedAt : Math.min(earlier, producedAt));
  }
  return data;
}

/** Records that `data` is a copy saved earlier, not what the server says now. Returns `data`. */
export function markSavedCopy<T>(data: T, signal: AbortSignal | undefined): T {
  if (typeof data === 'object' && data !== null) savedData.add(data);
  // A loader that combines several requests shows old data if any one of them was old.
  if (signal) savedSignals.add(signal);
  return data;
}

/** When the server produced `data` (an object getJson returned), if known. */
export function updatedAtOf(data: unknown): number | undefined {
  return typeof data === 'object' && data !== null ? producedAtByData.get(data) : undefined;
}

/** The oldest production time of every GET made with `signal` (useLoad passes one signal per run). */
export function updatedAtOfSignal(signal: AbortSignal): number | undefined {
  return producedAtBySignal.get(signal);
}

/** Whether `data`, or any GET made with `signal`, was answered by a copy saved earlier. */
export function isSavedCopy(data: unknown, signal?: AbortSignal): boolean {
  return (
    (typeof data === 'object' && data !== null && savedData.has(data)) ||
    (signal !== undefined && savedSignals.has(signal))
  );
}
