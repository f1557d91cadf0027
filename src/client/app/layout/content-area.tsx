import { Suspense, useLayoutEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { PageLoadBoundary } from '../../shell/page-load.tsx';

/**
 * The scrolling page area: 93vh beside the top bar, 100vh on full-page routes (spec 2.5). Each pathname
 * gets a fresh page-load tracker, so the spinner shows until the new page reports. `top`: shown above the
 * page (the signed-in layout's install offer).
 */
export function ContentArea({ fullPage, top = null }: { fullPage: boolean; top?: ReactNode }) {
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
      {top}
      <PageLoadBoundary key={pathname} path={pathname}>
        {/* The page-load spinner already covers a screen whose code is still loading. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </PageLoadBoundary>
    </main>
  );
}
