import { createHandlerBoundToURL } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/**
 * Every in-app navigation (a reload of /settings, a bookmark of /quiz/12) gets the precached shell,
 * so the SPA opens with no network. Left to the network: the API and direct links to files
 * (icons, the manifest), whose last path segment has an extension.
 */
export function setUpNavigationFallback(): void {
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), {
      denylist: [/^\/api(?:\/|\?|$)/, /^[^?]*\/[^/?]+\.[a-z0-9]+(?:\?|$)/i],
    }),
  );
}
