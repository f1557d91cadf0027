import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { APP_NAME } from '../../../shared/constants.ts';
import { hasStoredToken, useAuth } from '../../shell/session.ts';
import { useRouteMeta } from '../../shell/route-meta.ts';
import { useShownTitle } from '../../shell/screen-title.ts';
import { isAdminPath, PATHS } from '../../shell/paths.ts';
import { useBackgroundRecalculations } from '../../features/learning/recalculations.ts';
import { AdminSidebar } from './admin-sidebar.tsx';
import { BottomBar, showsBottomBar } from './bottom-bar.tsx';
import { ContentArea } from './content-area.tsx';
import { StudentSidebar } from './student-sidebar.tsx';
import { TopBar } from './top-bar.tsx';
import { useSidebarOpen } from './use-sidebar-open.ts';

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

function SidebarLayout() {
  // The route's title, or the screen's own word for itself (a diagnostic on /quiz/{id}).
  const title = useShownTitle();
  const { pathname } = useLocation();
  const { user } = useAuth();
  const sidebar = useSidebarOpen();
  useBackgroundRecalculations(user?.id);
  const frame = { open: sidebar.open, narrow: !sidebar.wide, onClose: sidebar.close };
  // Not while taking a quiz: its own bar holds the timer and the way on, and leaving is not one tap away.
  const bottomBar =
    !isAdminPath(pathname) && !pathname.startsWith('/quiz/') && showsBottomBar(user, sidebar.wide);
  return (
    <div className={`app${sidebar.open ? ' app--menu-open' : ''}${bottomBar ? ' app--bottom-bar' : ''}`}>
      {isAdminPath(pathname) ? (
        <AdminSidebar user={user} {...frame} />
      ) : (
        <StudentSidebar user={user} {...frame} />
      )}
      {sidebar.open && !sidebar.wide && (
        <div className="sidebar-backdrop" aria-hidden="true" onClick={sidebar.close} />
      )}
      <div className="app__main">
        <TopBar title={title} user={user} menuOpen={sidebar.open} onToggleMenu={sidebar.toggle} />
        <ContentArea fullPage={false} />
      </div>
      {bottomBar && <BottomBar />}
    </div>
  );
}
