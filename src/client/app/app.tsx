import { useEffect } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import { DialogHost } from '../components/dialogs.tsx';
import { ToastHost } from '../components/toast.tsx';
import { setNavigate } from '../lib/http.ts';
import { AppRoutes } from './app-routes.tsx';
import { appRoutes } from './routes.tsx';

const routes = appRoutes();

/** Hands React Router's navigate to the HTTP client, so a 401 does not reload the whole app. */
function NavigateBridge() {
  const navigate = useNavigate();
  useEffect(() => setNavigate((path) => void navigate(path)), [navigate]);
  return null;
}

/**
 * The providers around everything: the router, the toast areas and the global dialogs. `Router`: the
 * browser's history in the app; the build's prerender of /login (src/client/prerender.tsx) passes a
 * StaticRouter, so the HTML it writes is this very tree.
 */
export function App({ Router = BrowserRouter }: { Router?: ComponentType<{ children: ReactNode }> }) {
  return (
    <>
      <Router>
        <NavigateBridge />
        <AppRoutes routes={routes} />
      </Router>
      <ToastHost />
      <DialogHost />
    </>
  );
}
