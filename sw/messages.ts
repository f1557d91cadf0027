import { forgetOfflineSession } from './offline-content.ts';
import { clearApiCache } from './runtime-caching.ts';

declare const self: ServiceWorkerGlobalScope;

/** Messages the page sends (workbox-window `messageSW` / `messageSkipWaiting`). */
type PageMessage = { type: 'SKIP_WAITING' } | { type: 'CLEAR_API_CACHE' };

function isPageMessage(data: unknown): data is PageMessage {
  return typeof data === 'object' && data !== null && 'type' in data && typeof data.type === 'string';
}

export function setUpMessages(): void {
  self.addEventListener('message', (event) => {
    if (!isPageMessage(event.data)) return;
    switch (event.data.type) {
      case 'SKIP_WAITING':
        // The user accepted "A new version is available — Reload".
        void self.skipWaiting();
        break;
      case 'CLEAR_API_CACHE':
        // Answer on the message port once done, so the page can await it before going to /login.
        // Saved offline items stay for their owner, but are no longer served to whoever signs in next.
        event.waitUntil(
          Promise.all([clearApiCache(), forgetOfflineSession()]).then(() =>
            event.ports[0]?.postMessage({ type: 'API_CACHE_CLEARED' }),
          ),
        );
        break;
    }
  });
}
