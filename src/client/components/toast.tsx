import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { ComponentType } from 'react';
import type { Id, ToastOptions } from 'react-toastify';
import type * as ToastArea_ from './toast-area.tsx';
import type { ToastInput, ToastType } from './toast-types.ts';

export type { ToastInput, ToastType } from './toast-types.ts';

// react-toastify (and the CSS it injects) is loaded with the first toast, not with the first screen (the
// service worker precaches it for offline use): toast-area.tsx has everything that needs it. Toasts asked for
// before it is there wait in react-toastify's own queue until the areas mount.
type ToastModule = typeof ToastArea_;
let loading: Promise<ToastModule> | null = null;
let areasWanted = false;
const listeners = new Set<() => void>();

function loadToasts(): Promise<ToastModule> {
  if (!loading) {
    loading = import('./toast-area.tsx');
    // A failed load (offline before the service worker has it) is tried again by the next toast.
    loading.catch((error: unknown) => {
      console.error('The toast area could not be loaded.', error);
      loading = null;
    });
    areasWanted = true;
    listeners.forEach((listener) => listener());
  }
  return loading;
}

let lastId = 0;

/** Shows a toast in the main area (top-center, 6000 ms unless `duration` says otherwise). */
export function showToast(input: ToastInput, options: ToastOptions = {}): Id {
  const toastId = options.toastId ?? `toast-${++lastId}`;
  void loadToasts().then(
    (m) => m.showToastNow(input, { ...options, toastId }),
    () => undefined,
  );
  return toastId;
}

// Ids of start-up toasts shown or waiting in the queue: the container's own duplicate check does not see
// queued toasts, so the same message could otherwise be queued twice.
const startupIds = new Set<Id>();

/** Start-up messages: top-right, at most 4 at once, the rest queued, duplicates dropped, 3000 ms each. */
export function showStartupToast(
  input: Omit<ToastInput, 'type' | 'promise'> & { type?: Exclude<ToastType, 'promise'> },
): Id {
  const toastId = `startup:${input.type ?? 'info'}:${input.title ?? ''}:${input.message}`;
  if (startupIds.has(toastId)) return toastId;
  startupIds.add(toastId);
  void loadToasts().then(
    (m) => m.showStartupToastNow(input, toastId, () => startupIds.delete(toastId)),
    () => startupIds.delete(toastId),
  );
  return toastId;
}

const ToastArea = lazy(() =>
  loadToasts().then<{ default: ComponentType }, { default: ComponentType }>(
    (m) => ({ default: m.ToastArea }),
    // Without its code there is nothing to show; the page itself must not fail for it.
    () => ({ default: () => null }),
  ),
);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Both toast areas. Mount once, near the root; they render once the first toast has loaded them. */
export function ToastHost() {
  // The build's prerender (and the hydration of it) has no toast yet.
  const wanted = useSyncExternalStore(
    subscribe,
    () => areasWanted,
    () => false,
  );
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastArea />
    </Suspense>
  );
}
