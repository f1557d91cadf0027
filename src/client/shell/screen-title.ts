import { useEffect, useSyncExternalStore } from 'react';
import { useRouteMeta } from './route-meta.ts';

// A screen may name itself more exactly than its route (spec: /quiz/{id} is "Quiz", which a diagnostic taken
// there is not). The top bar shows the screen's word while it is mounted; the document title keeps the
// route's, as the spec gives it.
let override: string | null = null;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function set(title: string | null) {
  if (override === title) return;
  override = title;
  listeners.forEach((l) => l());
}

/** While the calling screen is mounted, the top bar says `title` instead of the route's title. */
export function useScreenTitle(title: string): void {
  useEffect(() => {
    set(title);
    return () => set(null);
  }, [title]);
}

/** What the top bar shows: the mounted screen's own title, else the route's. */
export function useShownTitle(): string {
  const { title } = useRouteMeta();
  const own = useSyncExternalStore(
    subscribe,
    () => override,
    () => null,
  );
  return own ?? title;
}
