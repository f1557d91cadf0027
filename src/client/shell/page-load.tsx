import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ReactNode } from 'react';
import { PAGE_LOAD_EXPECTED_REPORTS } from '../../shared/constants.ts';
import { Loading } from '../components/loading.tsx';
import { ReloadNotice } from './reload-notice.tsx';
import { useHydrated } from '../lib/use-hydrated.ts';

export type PageLoadStatus = 'pending' | 'loaded' | 'failed';

type Reporter = { reportLoaded(): void; reportFailed(): void };

const noop: Reporter = { reportLoaded: () => {}, reportFailed: () => {} };
const PageLoadContext = createContext<Reporter>(noop);

// The path of the page the HTML already shows (the build prerenders /login: src/client/prerender.tsx):
// the build's render and the client's first render, which hydrates that HTML, both start it as loaded, so
// they match and the page stays in view with no spinner frame. Cleared once the first page has mounted.
let prerenderedPath: string | null = null;

// The first page shown (loaded or failed, and committed): start-up work the page does not need waits for it
// (main.tsx), so on /login nothing else is fetched before the form can be sent.
let firstPageShown: () => void = () => {};
const firstPage = new Promise<void>((resolve) => {
  firstPageShown = resolve;
});

/** Resolves once the first page is shown: its data in (or failed), its markup committed. */
export function whenFirstPageShown(): Promise<void> {
  return firstPage;
}

/** Set by the prerender and by main.tsx before it hydrates the prerendered page. */
export function setPrerenderedPath(path: string | null): void {
  prerenderedPath = path;
}

/**
 * Counts the page's reports (spec 4: done when loaded + failed reach the expected number; any failure shows
 * the reload notice). Mount one per page (key it by pathname) so every navigation starts pending again.
 * The page renders underneath while pending, so it can fetch its data; it is only hidden from view.
 */
export function PageLoadBoundary({
  children,
  expected = PAGE_LOAD_EXPECTED_REPORTS,
  path,
}: {
  children: ReactNode;
  expected?: number;
  /** The page's pathname: the prerendered page starts loaded (see setPrerenderedPath). */
  path?: string;
}) {
  const [status, setStatus] = useState<PageLoadStatus>(() =>
    path !== undefined && path === prerenderedPath ? 'loaded' : 'pending',
  );
  useEffect(() => setPrerenderedPath(null), []);
  // After hydration's second render (useHydrated turns true), the one that enables a prerendered form.
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated && status !== 'pending') firstPageShown();
  }, [hydrated, status]);
  const counts = useRef({ loaded: 0, failed: 0 });
  const report = useCallback(
    (kind: 'loaded' | 'failed') => {
      const c = counts.current;
      // Reports after the page is done change nothing: a late refetch must not flip a shown page back.
      if (c.loaded + c.failed >= expected) return;
      c[kind] += 1;
      if (c.loaded + c.failed >= expected) setStatus(c.failed > 0 ? 'failed' : 'loaded');
    },
    [expected],
  );
  const value = useMemo<Reporter>(
    () => ({ reportLoaded: () => report('loaded'), reportFailed: () => report('failed') }),
    [report],
  );
  return (
    <PageLoadContext.Provider value={value}>
      {status === 'pending' && <Loading variant="centered" />}
      {status === 'failed' && <ReloadNotice />}
      <div className="page" hidden={status === 'failed'} data-status={status}>
        {children}
      </div>
    </PageLoadContext.Provider>
  );
}

/** Screens call reportLoaded() once their data is in, or reportFailed() when it could not be fetched. */
export function usePageLoad(): Reporter {
  return useContext(PageLoadContext);
}

/**
 * Reports automatically the first time `loading` turns false: failed if `error` is set, loaded otherwise.
 * Before the browser paints (a layout effect): a screen that has what it needs shows in its first frame,
 * not one frame after the spinner.
 */
export function usePageReady(state: { loading: boolean; error: unknown }): void {
  const { reportLoaded, reportFailed } = usePageLoad();
  const failed = state.error !== null && state.error !== undefined && state.error !== false;
  useLayoutEffect(() => {
    if (state.loading) return;
    if (failed) reportFailed();
    else reportLoaded();
  }, [state.loading, failed, reportLoaded, reportFailed]);
}
