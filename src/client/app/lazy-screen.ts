import { createElement, lazy, useState } from 'react';
import type { ComponentType } from 'react';

/** The event raised when a route chunk fails to load; call preventDefault() on it to handle the failure. */
export const PRELOAD_ERROR_EVENT = 'preload-error';

// Errors already announced through Vite's event, so the failing import does not announce them twice.
const announced = new WeakSet<object>();

/** Raises 'preload-error'; true when a listener handled it (called preventDefault). */
export function raisePreloadError(error: unknown): boolean {
  if (typeof error === 'object' && error !== null) {
    if (announced.has(error)) return false;
    announced.add(error);
  }
  const event = new CustomEvent(PRELOAD_ERROR_EVENT, { detail: error, cancelable: true });
  return !window.dispatchEvent(event);
}

type VitePreloadErrorEvent = Event & { payload: unknown };

/**
 * Vite fires 'vite:preloadError' when a chunk's dependencies fail to preload and throws afterwards unless
 * the event was default-prevented. Forwarding the handled state keeps the spec's rule: rethrown unless
 * something handles it (spec 2.3).
 */
export function installPreloadErrorHandling(): () => void {
  const onViteError = (event: Event) => {
    if (raisePreloadError((event as VitePreloadErrorEvent).payload)) event.preventDefault();
  };
  window.addEventListener('vite:preloadError', onViteError);
  return () => window.removeEventListener('vite:preloadError', onViteError);
}

/** A screen component whose code loads on demand; `preload()` starts that early (main.tsx, at start). */
export type LazyScreen<P extends object> = ComponentType<P> & { preload(): Promise<void> };

/**
 * A route screen loaded on demand. A failed import raises 'preload-error' and is rethrown if unhandled.
 * Once its code is in (preloaded before React renders it, or shown before), the screen renders at once:
 * no suspending, so no spinner and none of React's delay before revealing suspended content.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyScreen<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const start = () => {
    loading ??= load()
      .catch((error: unknown) => {
        if (!raisePreloadError(error)) throw error;
        // Handled (e.g. the handler reloads the page): render nothing instead of an error.
        return { default: (() => null) as ComponentType<P> };
      })
      .then((module) => {
        loaded = module.default;
        return module;
      });
    return loading;
  };
  const Lazy = lazy(start);
  // Chosen once per mounted screen (the type must not change under it, or React would remount it): the
  // code itself when it is already in, else React.lazy, which suspends until it is.
  const Screen = (props: P) => {
    const [component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return createElement<P>(component, props);
  };
  return Object.assign(Screen, { preload: () => start().then(() => undefined) });
}
