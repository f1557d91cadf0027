// Thin, failure-tolerant wrappers around the Web Storage API: private browsing and full quotas make
// storage calls throw, and losing a remembered value must never break a screen.

export type StorageKind = 'local' | 'session';

function area(kind: StorageKind): Storage | null {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(kind: StorageKind, key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(kind: StorageKind, key: string, value: string): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // Quota or private mode: the in-memory state still holds the value for this page's life.
  }
}

export function removeItem(kind: StorageKind, key: string): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // Nothing to undo when storage is unavailable.
  }
}

/** Session storage wins: it is what this tab wrote most recently. */
export function readEither(key: string): string | null {
  return readItem('session', key) ?? readItem('local', key);
}

/** Writes the same value to both areas (the spec mirrors the notification count this way). */
export function writeBoth(key: string, value: string): void {
  writeItem('session', key, value);
  writeItem('local', key, value);
}

export function removeBoth(key: string): void {
  removeItem('session', key);
  removeItem('local', key);
}

/**
 * Calls `onChange` when another tab changes `key` in local storage, so a logout or a new count in one
 * tab reaches the others. Returns the unsubscribe function.
 */
export function onOtherTabChange(key: string, onChange: (value: string | null) => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const listener = (event: StorageEvent) => {
    if (event.key === key || event.key === null) onChange(event.key === null ? null : event.newValue);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
