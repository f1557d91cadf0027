import { Suspense, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoadBoundary } from '../../shell/page-load.tsx';
import { InstallPrompt } from '../../components/install-prompt.tsx';

/**
 * The scrolling page area: 93vh beside the top bar, 100vh on full-page routes (spec 2.5). Each pathname
 * gets a fresh page-load tracker, so the spinner shows until the new page reports.
 */
// Screens with their own bar pinned to the bottom (a quiz's navigation, a result's main action): the install
// offer, pinned there too, would cover it.
const PINNED_BOTTOM = /^\/(quiz|quiz-result|diagnostic-results)(\/|$)/;

export function ContentArea({ fullPage }: { fullPage: boolean }) {
  const { pathname } = useLocation();
  const ref = useRef<HTMLElement>(null);
  const shown = useRef(pathname);
  useLayoutEffect(() => {
    // Not on the first page: it starts at the top, and setting scrollTop makes the browser lay out at once.
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (ref.current) ref.current.scrollTop = 0;
  }, [pathname]);
  return (
    <main ref={ref} className={`content${fullPage ? ' content--full' : ''}`}>
      {!fullPage && !PINNED_BOTTOM.test(pathname) && <InstallPrompt />}
      <PageLoadBoundary key={pathname} path={pathname}>
        {/* The page-load spinner already covers a screen whose code is still loading. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </PageLoadBoundary>
    </main>
  );
}
