import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { afterFirstPage } from './app/idle.ts';
import { installPreloadErrorHandling } from './app/lazy-screen.ts';
import { setPrerenderedPath } from './shell/page-load.tsx';
import { preloadScreen } from './app/routes.tsx';
import { authState, hasStoredToken, isRememberedSession } from './shell/session.ts';
import { adoptPaintedDashboard, dropPaintedDashboard } from './lib/painted-dashboard.ts';
import { refreshUser } from './features/auth/auth.store.ts';
import { makeZodJitless } from './lib/zod-jitless.ts';
import './styles.css';

const MANIFEST_URL = '/manifest.webmanifest';

// Before any screen loads zod: the Content-Security-Policy allows no eval.
makeZodJitless();
installPreloadErrorHandling();
// Spec 4: a stored token at start-up means the user is refreshed (a 401 logs out).
if (hasStoredToken()) void refreshUser();
// No remembered session (signed out, a tab's session, or one dropped by a 401 whose page was left before its
// clean-up ended): no dashboard stays painted on this device for the worker to show.
if (!isRememberedSession()) void dropPaintedDashboard();

// The first screen's code is asked for now (for /login, index.html has it preloaded already) and the
// app renders once it is in: the screen then appears at once, without a spinner. A slow network only
// makes it wait so long, then the spinner shows as on any navigation.
const FIRST_SCREEN_WAIT_MS = 1000;
const firstScreen = preloadScreen(window.location.pathname);

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element.');
const container = root;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// /login comes with its screen already in the HTML (scripts/vite-prerender.ts): React adopts that DOM once
// the screen's code is in (no spinner to wait for), keeping what the visitor has typed meanwhile.
const prerendered = container.dataset.prerendered;
if (prerendered === window.location.pathname) {
  void firstScreen.then(() => {
    // Still on that page (history.pushState may have moved on meanwhile): adopt its DOM, else start afresh.
    if (window.location.pathname === prerendered) {
      setPrerenderedPath(prerendered);
      // A transition: React hydrates in slices of a few milliseconds, so no single long task blocks the page
      // (a click meanwhile is replayed once its part is hydrated).
      startTransition(() => {
        hydrateRoot(container, app);
      });
    } else {
      container.replaceChildren();
      createRoot(container).render(app);
    }
  });
} else {
  // The installed app opened at /: the service worker may have painted the dashboard held for this student
  // (sw/painted-dashboard.ts). It stays until React's first commit puts the same held dashboard in its place;
  // one painted for anyone else is removed at once. The page starts as loaded, as a prerendered one does, so
  // that commit shows the dashboard, not a spinner frame over it.
  if (adoptPaintedDashboard(container, isRememberedSession() ? (authState.user?.id ?? null) : null))
    setPrerenderedPath(window.location.pathname);
  else container.replaceChildren();
  void Promise.race([firstScreen, new Promise((resolve) => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]).then(
    // A transition: React renders the first screen in slices, so no single long task blocks the page.
    () => startTransition(() => createRoot(container).render(app)),
  );
}

// What the first screen does not need waits until it is shown (on /login: until the form can be sent), then
// for an idle moment: each is a chunk of its own.
afterFirstPage(() => {
  const failed = (error: unknown) => console.error('A start-up module could not be loaded.', error);
  // DESIGN 5: answers a student gave before a reload or a closed tab go out on the next start. Only with a
  // session (drainOnStart sends nothing without one; signing in leads to the dashboard, which starts the sync).
  if (hasStoredToken())
    import('./features/quiz/quiz-sync.ts').then(({ drainOnStart }) => drainOnStart(), failed);
  import('./app/sw-register.ts').then(({ registerServiceWorker }) => registerServiceWorker(), failed);
  // Tells the service worker whose saved-offline items it may serve (lib/offline-content.ts does it on load),
  // so a student who signs in and goes offline at once still opens what they saved.
  import('./lib/offline-content.ts').catch(failed);
  // The signed-in layout (a chunk of its own): on /login, fetched now, so signing in does not wait for it.
  // Then the web app manifest's link (it is not in index.html: scripts/vite-defer-manifest.ts): the browser
  // offers installation only once it has the manifest, and the layout's install offer must be listening by
  // then (components/install-prompt.tsx), or Chrome shows its own mini bar.
  import('./app/layout/sidebar-layout.tsx').catch(failed).then(() => {
    if (!document.querySelector('link[rel="manifest"]'))
      document.head.append(
        Object.assign(document.createElement('link'), { rel: 'manifest', href: MANIFEST_URL }),
      );
  });
});
