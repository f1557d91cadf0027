import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches, kept up to date as it changes (a phone turned, a window resized). False
 * where there is no window (the build's prerender).
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** A phone's width: below it, layouts stack into one column (the same break as the CSS's 600 px). */
export const PHONE_QUERY = '(max-width: 599.98px)';
