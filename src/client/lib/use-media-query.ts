import { useCallback, useSyncExternalStore } from 'react';

// A browser (or test DOM) without matchMedia answers false: the wide, keyboard-and-mouse layout.
const listOf = (query: string): MediaQueryList | null =>
  typeof window.matchMedia === 'function' ? window.matchMedia(query) : null;

/**
 * Whether a CSS media query matches, kept up to date as it changes (a phone turned, a window resized). False
 * where there is no window (the build's prerender) or no matchMedia.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = listOf(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => listOf(query)?.matches ?? false,
    () => false,
  );
}

/** A phone's width: below it, layouts stack into one column (the same break as the CSS's 600 px). */
export const PHONE_QUERY = '(max-width: 599.98px)';
