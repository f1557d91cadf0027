import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { APP_NAME } from '../../../shared/constants.ts';
import { hasStoredToken, useAuth } from '../../shell/session.ts';
import { useRouteMeta } from '../../shell/route-meta.ts';
import { PATHS } from '../../shell/paths.ts';
import { lazyScreen } from '../lazy-screen.ts';
import { ContentArea } from './content-area.tsx';

// The signed-in frame is a chunk of its own (sidebar-layout.tsx): /login's first screen comes without it.
const SidebarLayout = lazyScreen(() => import('./sidebar-layout.tsx'));

/**
 * Starts loading the signed-in frame's code: with the first screen's (routes.tsx preloadScreen), and once
 * the login form is usable (main.tsx), so signing in does not wait for it.
 */
export const preloadSidebarLayout = SidebarLayout.preload;

/** The root layout: title, login guard (spec 2.4), and the full-page or sidebar layout (spec 2.5). */
export function ShellLayout() {
  const meta = useRouteMeta();
  const location = useLocation();
  // Subscribing to the session re-runs the guard when it ends (logout, 401, another tab).
  useAuth();

  useEffect(() => {
    document.title = `${meta.title} | ${APP_NAME}`;
  }, [meta.title, location.key]);

  if (meta.requires_login && !hasStoredToken()) return <Navigate to={PATHS.login} replace />;
  if (meta.is_full_page) {
    return (
      <div className="app app--full-page">
        <ContentArea fullPage />
      </div>
    );
  }
  return <SidebarLayout />;
}
