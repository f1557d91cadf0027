import type { PrecacheEntry } from 'workbox-precaching';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';

// `self.__WB_MANIFEST` must stay literally in the bundle: it is the injection point that
// vite-plugin-pwa replaces with the list of built files.
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/**
 * The app shell and every lazily loaded route chunk (the build's glob covers all of dist), so any
 * screen opens offline, not only the ones visited before.
 */
export function setUpPrecache(): void {
  precacheAndRoute(self.__WB_MANIFEST);
  cleanupOutdatedCaches();
}
