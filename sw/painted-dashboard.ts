import { matchPrecache } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { isPaintedDashboard, PAINTED_CACHE_NAME, PAINTED_PATH } from '../src/shared/painted-dashboard.ts';
import { paintedIndexHtml } from './painted-html.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * The installed app opened at / (the student dashboard): the precached index.html with the dashboard as it
 * was last painted for the signed-in student in its #root (src/shared/painted-dashboard.ts), so its largest
 * text paints as the HTML is parsed, before any script has run. Marked as a held copy ("Refreshing, last
 * updated ..."); the page then renders the same held dashboard and the server's answer replaces it.
 *
 * The copy is there only while a remembered session is: the page writes it for that student alone, and
 * removes it at every sign-in, sign-out and dropped session (a 401); the page checks on start that it was
 * painted for the user it holds the session of. Only a plain navigation to / gets it, nothing else.
 */
async function paintedAnswer(): Promise<Response | undefined> {
  const index = await matchPrecache('/index.html');
  if (!index) return undefined;
  try {
    if (!(await caches.has(PAINTED_CACHE_NAME))) return index;
    const cache = await caches.open(PAINTED_CACHE_NAME);
    const entry = await cache.match(new URL(PAINTED_PATH, self.location.origin).href);
    const painted: unknown = entry ? await entry.json().catch(() => null) : null;
    if (!isPaintedDashboard(painted)) return index;
    const html = paintedIndexHtml(await index.clone().text(), painted);
    if (html === null) return index;
    const headers = new Headers(index.headers);
    headers.delete('Content-Length');
    headers.set('Content-Type', 'text/html; charset=utf-8');
    return new Response(html, { status: 200, headers });
  } catch {
    // A broken copy costs only the plain page.
    return index;
  }
}

/** Registered before the precache route, which would otherwise answer / with the plain index.html. */
export function setUpPaintedDashboard(): void {
  registerRoute(
    ({ request, url }) =>
      request.mode === 'navigate' &&
      url.origin === self.location.origin &&
      url.pathname === '/' &&
      url.search === '',
    async ({ request }) => (await paintedAnswer()) ?? fetch(request),
  );
}
