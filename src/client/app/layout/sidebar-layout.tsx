// The signed-in frame (spec 2.5): sidebars, top bar, bottom bar, the install offer, the connection
// indicator and the outbox's state. A chunk of its own (shell-layout.tsx loads it): a visitor who is not
// signed in never needs it, and /login's first screen comes without its code. A signed-in start fetches it
// beside the entry (start-prefetch.ts) and main.tsx waits for it with the screen's code, so the first
// paint costs no extra round trip.
import { useLocation } from 'react-router-dom';
import { useAuth } from '../../shell/session.ts';
import { useShownTitle } from '../../shell/screen-title.ts';
import { isAdminPath } from '../../shell/paths.ts';
import { useBackgroundRecalculations } from '../../features/learning/recalculations.ts';
import { InstallPrompt } from '../../components/install-prompt.tsx';
import { AdminSidebar } from './admin-sidebar.tsx';
import { BottomBar, showsBottomBar } from './bottom-bar.tsx';
import { ContentArea } from './content-area.tsx';
import { StudentSidebar } from './student-sidebar.tsx';
import { TopBar } from './top-bar.tsx';
import { useSidebarOpen } from './use-sidebar-open.ts';

// Screens with their own bar pinned to the bottom (a quiz's navigation, a result's main action): the install
// offer, pinned there too, would cover it.
const PINNED_BOTTOM = /^\/(quiz|quiz-result|diagnostic-results)(\/|$)/;

export default function SidebarLayout() {
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
        <ContentArea fullPage={false} top={PINNED_BOTTOM.test(pathname) ? null : <InstallPrompt />} />
      </div>
      {bottomBar && <BottomBar />}
    </div>
  );
}
