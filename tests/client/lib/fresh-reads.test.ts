import { clear, createStore } from 'idb-keyval';
import { renderHook, waitFor } from '@testing-library/react';
import { useCallback } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { logout } from '../../../src/client/features/auth/auth.store.ts';
import { clearGetCache, setCacheClock } from '../../../src/client/lib/get-cache.ts';
import { getJson, isSavedCopy, putJson, readMode, updatedAtOf } from '../../../src/client/lib/http.ts';
import { configureOutbox, drain, enqueue } from '../../../src/client/lib/outbox.ts';
import { useLoad } from '../../../src/client/lib/use-async.ts';
import { GET_CACHE_TTL_MS } from '../../../src/shared/constants.ts';
import { affectedResources, readsUnder, SAVED_COPY_HEADER } from '../../../src/shared/fresh-reads.ts';
import { json, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';

// Issue 22, "never show old data as fresh": the client's side of the rules in src/shared/fresh-reads.ts.

let now = 1_000_000;
let served = 0;

const ONE_WEEK_AGO = new Date(Date.UTC(2026, 10, 19, 9, 30)).toUTCString();

/** The service worker's copy of a week ago: what it answers with when the network fails. */
function savedCopy(body: unknown): Response {
  return new Response(JSON.stringify(body), {
    status: 200,
    headers: { 'Content-Type': 'application/json', Date: ONE_WEEK_AGO, [SAVED_COPY_HEADER]: ONE_WEEK_AGO },
  });
}

function server(request: SeenRequest): Response {
  if (request.method === 'GET') return json(200, { served: ++served });
  return json(200, { read_at: '2026-11-26T10:00:00.000Z' });
}

const gets = (requests: SeenRequest[]) => requests.filter((r) => r.method === 'GET');

beforeEach(async () => {
  mockFetch(() => json(204, undefined));
  await logout();
  await clearGetCache();
  now = 1_000_000;
  served = 0;
  setCacheClock(() => now);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('reads past the 5-minute cache', () => {
  it('ask the network first (cache mode no-cache, which the service worker honours), and a fresh hit asks nothing', async () => {
    const { requests } = mockFetch(server);

    await getJson('/lectures');
    await getJson('/lectures');
    now += GET_CACHE_TTL_MS;
    const later = await getJson('/lectures');

    expect(later).toEqual({ served: 2 });
    expect(gets(requests).map((r) => r.cache)).toEqual(['no-cache', 'no-cache']);
  });

  it('show the service worker’s saved copy, marked with its old time, and never keep it as fresh', async () => {
    let network = false;
    const { requests } = mockFetch((request) =>
      network ? server(request) : savedCopy({ data: ['as a week ago'] }),
    );

    const copy = await getJson('/lectures');
    expect(copy).toEqual({ data: ['as a week ago'] });
    expect(isSavedCopy(copy)).toBe(true);
    expect(updatedAtOf(copy)).toBe(Date.parse(ONE_WEEK_AGO));

    // Within the 5 minutes, the next read still asks: the copy was not stored as a fresh answer.
    network = true;
    now += 1000;
    const fresh = await getJson('/lectures');
    expect(fresh).toEqual({ served: 1 });
    expect(isSavedCopy(fresh)).toBe(false);
    expect(gets(requests)).toHaveLength(2);

    // The server's own answer is kept as usual.
    await getJson('/lectures');
    expect(gets(requests)).toHaveLength(2);
  });

  it('give a loader LoadState.saved when any of its reads was a saved copy', async () => {
    mockFetch((request) => (request.url.includes('/videos') ? savedCopy({ data: [] }) : server(request)));

    const { result } = renderHook(() =>
      useLoad(
        useCallback(
          (signal: AbortSignal) =>
            Promise.all([getJson('/lectures', { signal }), getJson('/videos', { signal })]),
          [],
        ),
      ),
    );
    await waitFor(() => expect(result.current.data).toBeDefined());
    expect(result.current.saved).toBe(true);
    expect(result.current.updatedAt).toBe(Date.parse(ONE_WEEK_AGO));

    const fresh = renderHook(() =>
      useLoad(useCallback((signal: AbortSignal) => getJson('/lectures', { signal }), [])),
    );
    await waitFor(() => expect(fresh.result.current.data).toBeDefined());
    expect(fresh.result.current.saved).toBe(false);
  });
});

describe('current reads that keep an offline copy (cache: false, offlineCopy: true; issue 24 item 4)', () => {
  it('skip the 5-minute cache but ask the service worker network first, so it keeps a copy; without the flag they go past it', async () => {
    const { requests } = mockFetch(server);

    expect(await getJson('/live', { cache: false, offlineCopy: true })).toEqual({ served: 1 });
    expect(await getJson('/live', { cache: false, offlineCopy: true })).toEqual({ served: 2 });
    await getJson('/live', { cache: false });

    // no-cache: the worker's NetworkFirst route stores the answer; no-store goes past the worker, kept nowhere.
    expect(gets(requests).map((r) => r.cache)).toEqual(['no-cache', 'no-cache', 'no-store']);
    expect(readMode({ cache: false, offlineCopy: true })).toBe('no-cache');
    expect(readMode({})).toBe('no-cache');
    expect(readMode({ cache: false })).toBe('no-store');
  });

  it('offline, open with the worker’s copy marked as saved earlier, and never keep it in the 5-minute cache', async () => {
    let network = false;
    const { requests } = mockFetch((request) =>
      network ? server(request) : savedCopy({ data: ['the list as last seen'] }),
    );

    const { result } = renderHook(() =>
      useLoad(
        useCallback(
          (signal: AbortSignal) => getJson('/live', { signal, cache: false, offlineCopy: true }),
          [],
        ),
      ),
    );
    await waitFor(() => expect(result.current.data).toEqual({ data: ['the list as last seen'] }));
    expect(result.current.saved).toBe(true);
    expect(result.current.updatedAt).toBe(Date.parse(ONE_WEEK_AGO));

    network = true;
    const fresh = await getJson('/live', { cache: false, offlineCopy: true });
    expect(fresh).toEqual({ served: 1 });
    expect(isSavedCopy(fresh)).toBe(false);
    // And a cached read of the same path did not find the copy (nor the fresh answer) stored as fresh.
    await getJson('/live');
    expect(gets(requests)).toHaveLength(3);
  });
});

describe('the person’s own last action', () => {
  it('a lecture marked read forgets the cached lecture lists and the learner’s own views, not the rest', async () => {
    const { requests } = mockFetch(server);
    await getJson('/lectures');
    await getJson('/my/learning-summary');
    await getJson('/resources');

    await putJson('/lectures/5/read', {});
    expect(await getJson('/lectures')).toEqual({ served: 4 });
    expect(await getJson('/my/learning-summary')).toEqual({ served: 5 });
    expect(await getJson('/resources')).toEqual({ served: 3 });
    expect(gets(requests)).toHaveLength(5);
  });

  it('a read of what a write is still changing waits for the write', async () => {
    let release: (() => void) | undefined;
    const order: string[] = [];
    mockFetch((request) => {
      order.push(`${request.method} ${request.url}`);
      if (request.method === 'PUT')
        return new Promise<Response>((resolve) => {
          release = () => resolve(server(request));
        });
      return server(request);
    });

    const write = putJson('/videos/3/progress', { position_seconds: 12 });
    await vi.waitFor(() => expect(release).toBeDefined());
    const list = getJson('/videos');
    const elsewhere = await getJson('/resources');
    expect(elsewhere).toEqual({ served: 1 });
    expect(order).toEqual(['PUT /api/videos/3/progress', 'GET /api/resources']);

    release?.();
    await write;
    expect(await list).toEqual({ served: 2 });
    expect(order.at(-1)).toBe('GET /api/videos');
  });

  it('a read waits for the outbox to send a write queued just before it (leaving a video, then its list)', async () => {
    await clear(createStore('pathbuilder-outbox', 'writes'));
    const order: string[] = [];
    mockFetch((request) => {
      order.push(`${request.method} ${request.url}`);
      return server(request);
    });
    configureOutbox({ currentUserId: () => 7, retryMs: 0 });
    await drain();

    const queued = enqueue({
      key: 'video-progress:3',
      method: 'PUT',
      path: '/videos/3/progress',
      body: { position_seconds: 12, watched: [[0, 12]], duration_seconds: 60 },
      version: new Date().toISOString(),
      meta: { type: 'video-progress', videoId: 3 },
    });
    const list = getJson('/videos');
    await queued;
    await list;

    expect(order).toEqual(['PUT /api/videos/3/progress', 'GET /api/videos']);
  });
});

describe('which reads a write changes (shared/fresh-reads.ts)', () => {
  it('its own resource, the learner’s views for learning writes, and everything for staff writes', () => {
    expect(affectedResources('/lectures/5/read')).toEqual(['/lectures', '/my', '/reports', '/user']);
    expect(affectedResources('/attempts/abc/submit')).toContain('/my');
    expect(affectedResources('/announcements')).toEqual(['/announcements']);
    expect(affectedResources('/admin/lectures/4')).toEqual(['/']);

    expect(readsUnder('/my/learning-profile', affectedResources('/videos/2/progress'))).toBe(true);
    expect(readsUnder('/lectures?page=2', ['/lectures'])).toBe(true);
    expect(readsUnder('/lecturesque', ['/lectures'])).toBe(false);
    expect(readsUnder('/resources', affectedResources('/lectures/1/read'))).toBe(false);
    expect(readsUnder('/resources', affectedResources('/admin/schools/1'))).toBe(true);
  });
});
