import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { EmptyState } from '../components/empty-state.tsx';
import { usePageLoad } from './page-load.tsx';

export const COMING_SOON_TITLE = 'This area is coming soon.';

/** An honest placeholder for a screen a later release fills: says what will be here, shows no made-up data. */
export function ComingSoon({ text, children }: { text: string; children?: ReactNode }) {
  const { reportLoaded } = usePageLoad();
  // Nothing to fetch, so the page is ready as soon as it is on screen.
  useEffect(() => reportLoaded(), [reportLoaded]);
  return (
    <EmptyState title={COMING_SOON_TITLE} text={text}>
      {children}
    </EmptyState>
  );
}
