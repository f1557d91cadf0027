// The build's server-side entry (scripts/vite-prerender.ts builds it for Node and calls it): the app's own
// tree rendered at a location to HTML, written into a copy of index.html, so the screen paints with the HTML
// and its CSS before any script has loaded. main.tsx then hydrates that HTML: the same tree, the same markup.
import { StrictMode } from 'react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { APP_NAME } from '../shared/constants.ts';
import { App } from './app/app.tsx';
import { setPrerenderedPath } from './shell/page-load.tsx';
import { preloadScreen, ROUTE_TABLE } from './app/routes.tsx';

export type Prerendered = { html: string; title: string };

/** The HTML of `pathname` for a visitor without a session, with the page title the app would set. */
export async function prerender(pathname: string): Promise<Prerendered> {
  const route = ROUTE_TABLE.find((r) => r.path === pathname);
  if (!route || route.meta.requires_login) throw new Error(`prerender: ${pathname} is not a public route`);
  // The screen's code is in before rendering, as main.tsx has it before hydrating: no Suspense fallback.
  await preloadScreen(pathname);
  setPrerenderedPath(pathname);
  const Router = ({ children }: { children: ReactNode }) => (
    <StaticRouter location={pathname}>{children}</StaticRouter>
  );
  const html = renderToString(
    <StrictMode>
      <App Router={Router} />
    </StrictMode>,
  );
  setPrerenderedPath(null);
  return { html, title: `${route.meta.title} | ${APP_NAME}` };
}
