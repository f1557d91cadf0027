import type { WorkboxPlugin } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { BATCH_PATHS } from '../src/shared/api-paths.ts';
import { API_BASE } from '../src/shared/constants.ts';
import { perUserKey, resourceOf } from './api-cache-key.ts';
import { isFileBytesRequest, savedAnswerOnFailure, savedFileFirst } from './offline-content.ts';
import { asksNetworkFirst, markSavedCopies } from './saved-copy.ts';

declare const self: ServiceWorkerGlobalScope;

export const API_CACHE_NAME = 'pathbuilder-api';

// Answers that must be fresh every time: sign-in and session state, the notification bell, health.
// (Paths mirror src/shared/contracts; importing the contracts would pull zod into the worker.)
const NEVER_CACHED = [
  `${API_BASE}/auth/`,
  `${API_BASE}/refresh`,
  `${API_BASE}/usernotifications`,
  `${API_BASE}/health`,
];

const expiration = new ExpirationPlugin({
  maxEntries: 500,
  // Long enough to carry a student through a week of flaky classroom Wi-Fi.
  maxAgeSeconds: 7 * 24 * 3600,
  purgeOnQuotaError: true,
});

function isOwnApi(url: URL): boolean {
  return url.origin === self.location.origin && url.pathname.startsWith(`${API_BASE}/`);
}

export function isCacheableApiGet(url: URL, request: Request): boolean {
  if (request.method !== 'GET' || !isOwnApi(url)) return false;
  // The page asked explicitly for the network (fetch's `cache: 'no-store' | 'reload'`).
  if (request.cache === 'no-store' || request.cache === 'reload') return false;
  return !NEVER_CACHED.some((prefix) => url.pathname.startsWith(prefix));
}

const perUserCacheKey: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => perUserKey(request),
  // Errors, redirects and partial answers would be replayed offline as if they were the data; and
  // `no-store` lets the server keep any answer off the device.
  cacheWillUpdate: async ({ response }) =>
    response.status === 200 && !/no-store/i.test(response.headers.get('Cache-Control') ?? '')
      ? response
      : null,
};

/** After a successful write, cached reads of the same resource are stale: drop them before the page sees the answer. */
const invalidateOnWrite: WorkboxPlugin = {
  fetchDidSucceed: async ({ request, response }) => {
    if (response.ok) await dropCachedResource(new URL(request.url).pathname);
    return response;
  },
};

async function dropCachedResource(writePath: string): Promise<void> {
  const resource = resourceOf(writePath, API_BASE);
  if (!resource || !(await caches.has(API_CACHE_NAME))) return;
  const cache = await caches.open(API_CACHE_NAME);
  const keys = await cache.keys();
  await Promise.all(
    keys
      .filter((key) => resourceOf(new URL(key.url).pathname, API_BASE) === resource)
      .map((key) => cache.delete(key)),
  );
}

/** Called on logout: nothing of the previous session stays on the device. */
export async function clearApiCache(): Promise<void> {
  await expiration.deleteCacheAndMetadata();
}

/** A hanging classroom network: past this, the copy saved earlier answers (marked), if there is one. */
const NETWORK_FIRST_TIMEOUT_SECONDS = 10;

export function setUpApiCaching(): void {
  const plugins = [perUserCacheKey, expiration, markSavedCopies, savedAnswerOnFailure];
  const reads = new StaleWhileRevalidate({ cacheName: API_CACHE_NAME, plugins });
  // The page's own 5-minute cache had nothing fresh: the server's answer, the copy only when it fails.
  const freshReads = new NetworkFirst({
    cacheName: API_CACHE_NAME,
    plugins,
    networkTimeoutSeconds: NETWORK_FIRST_TIMEOUT_SECONDS,
  });
  // First: a file saved "available offline" is answered from the device (sw/offline-content.ts).
  registerRoute(({ url, request }) => isFileBytesRequest(url, request), savedFileFirst(reads));
  registerRoute(
    ({ url, request }) => isCacheableApiGet(url, request) && asksNetworkFirst(request),
    freshReads,
  );
  registerRoute(({ url, request }) => isCacheableApiGet(url, request), reads);
  const writes = new NetworkOnly({ plugins: [invalidateOnWrite] });
  // The start-up batch of the dashboard's reads (POST /api/batch) is a read, not a write: it goes straight to
  // the network past the worker, as the reads it carries would (cache: 'no-store'), and invalidates nothing.
  const batch = `${API_BASE}${BATCH_PATHS.reads}`;
  for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
    registerRoute(({ url }) => isOwnApi(url) && url.pathname !== batch, writes, method);
  }
}
