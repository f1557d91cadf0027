import { useEffect, useState } from 'react';
import type { ReactNode, RefObject } from 'react';

/**
 * The one main next action, pinned to the bottom of a phone's screen while the "What next" card is out of
 * view (results are long: the card sits far below the fold). The screen gets room at its end for the bar
 * (CSS), so the last lines can always scroll above it; once the card itself is on screen the bar steps
 * aside, so the action is never shown twice. Wider screens do not show it (CSS).
 */
export function PinnedAction({ watch, children }: { watch: RefObject<Element | null>; children: ReactNode }) {
  const [cardInView, setCardInView] = useState(false);
  useEffect(() => {
    const target = watch.current;
    if (!target || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setCardInView(entry?.isIntersecting ?? false));
    observer.observe(target);
    return () => observer.disconnect();
  }, [watch]);
  return (
    <nav className="pinned-action" aria-label="Next step" data-hidden={cardInView || undefined}>
      {children}
    </nav>
  );
}
