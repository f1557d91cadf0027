import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authState } from '../../../src/client/shell/session.ts';
import {
  formatBytes,
  listOffline,
  makeAvailableOffline,
  offlineErrorMessage,
  registerOfflineSession,
  removeOffline,
} from '../../../src/client/lib/offline-content.ts';
import type { OfflineItem } from '../../../src/client/lib/offline-content.ts';
import {
  OFFLINE_CACHE_NAME,
  offlineCacheKey,
  parseByteRange,
} from '../../../src/shared/offline-content-keys.ts';
import {
  forgetOfflineSession,
  isFileBytesRequest,
  matchOffline,
  savedFileFirst,
} from '../../../sw/offline-content.ts';
import type { RouteHandlerCallbackOptions } from 'workbox-core';
import type { Strategy } from 'workbox-strategies';
import { json, makeUser, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';
import { FakeCacheStorage } from './fake-caches.ts';

const ORIGIN = window.location.origin;
const LECTURE = { id: 3, title: 'Play and language', body_html: '<p>Children learn by playing.</p>' };
// 2,000 bytes whose every byte says where it is, so a slice is recognisable.
const FILE_BYTES = Uint8Array.from({ length: 2000 }, (_, i) => i % 251);

const lecture: OfflineItem = {
  key: 'lecture:3',
  kind: 'lecture',
  title: 'Play and language',
  urls: ['/api/lectures/3', '/api/files/12?expires=100&signature=aa'],
  openPath: '/lectures?id=3',
};

let cacheStorage: FakeCacheStorage;
const persist = vi.fn(async () => true);

function server(request: SeenRequest): Response | undefined {
  const url = new URL(request.url, ORIGIN);
  if (url.pathname === '/api/lectures/3') return json(200, LECTURE);
  if (url.pathname === '/api/files/12')
    return new Response(FILE_BYTES, { headers: { 'Content-Type': 'application/pdf' } });
  return undefined;
}

function signIn(id: number): void {
  authState.user = makeUser({ id });
  authState.token = `token-${id}`;
}

async function offlineKeys(): Promise<string[]> {
  const cache = await cacheStorage.open(OFFLINE_CACHE_NAME);
  return [...cache.entries.keys()].filter((key) => !key.includes('__pb_offline/session'));
}

beforeEach(async () => {
  // A device of its own per test: signed out first, so the next sign-in registers on this one.
  authState.user = null;
  authState.token = null;
  await registerOfflineSession();
  cacheStorage = new FakeCacheStorage();
  vi.stubGlobal('caches', cacheStorage);
  persist.mockClear();
  vi.stubGlobal('navigator', {
    ...navigator,
    storage: {
      persist,
      persisted: async () => persist.mock.calls.length > 0,
      estimate: async () => ({ usage: 5000, quota: 1024 ** 3 }),
    },
  });
  signIn(7);
});

afterEach(async () => {
  for (const item of await listOffline()) await removeOffline(item.key);
  vi.unstubAllGlobals();
});

describe('the offline cache key', () => {
  it('drops a file’s signature, which changes every few hours while its bytes never do', () => {
    const first = offlineCacheKey('/api/files/12?expires=1&signature=ab', 7, ORIGIN);
    expect(first).toBe(`${ORIGIN}/api/files/12?__pb_offline_user=7`);
    expect(offlineCacheKey('/api/files/12?expires=9&signature=cd', 7, ORIGIN)).toBe(first);
    expect(offlineCacheKey('/api/files/13?expires=1&signature=ab', 7, ORIGIN)).not.toBe(first);
  });

  it('keeps an API answer’s query (in any order) and tells users apart', () => {
    const key = offlineCacheKey('/api/lectures?topic=4&page=2', 7, ORIGIN);
    expect(offlineCacheKey('/api/lectures?page=2&topic=4', 7, ORIGIN)).toBe(key);
    expect(offlineCacheKey('/api/lectures?page=3&topic=4', 7, ORIGIN)).not.toBe(key);
    expect(offlineCacheKey('/api/lectures?page=2&topic=4', 8, ORIGIN)).not.toBe(key);
    // The worker's own per-user marker of its API cache is not part of what a screen asked for.
    expect(offlineCacheKey('/api/lectures?page=2&topic=4&__sw_user=abc', 7, ORIGIN)).toBe(key);
    expect(offlineCacheKey('/api/files/12/meta?x=1', 7, ORIGIN)).toContain('x=1');
  });

  it('reads the byte ranges a video asks for when it seeks', () => {
    expect(parseByteRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseByteRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseByteRange('bytes=10-5000', 1000)).toEqual({ start: 10, end: 999 });
    expect(parseByteRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(parseByteRange('bytes=0-1,5-6', 1000)).toBeNull();
    expect(parseByteRange('items=0-1', 1000)).toBeNull();
  });

  it('says sizes as a person reads them', () => {
    expect(formatBytes(12)).toBe('12 B');
    expect(formatBytes(3.2 * 1024 * 1024)).toBe('3.2 MB');
    expect(formatBytes(512 * 1024)).toBe('512 KB');
  });
});

describe('making an item available offline', () => {
  it('keeps every URL with its size, the token only where one is needed, and asks to persist once', async () => {
    const { requests } = mockFetch(server);
    const progress: number[] = [];
    const { bytes } = await makeAvailableOffline(lecture, (soFar) => progress.push(soFar));

    const lectureSize = JSON.stringify(LECTURE).length;
    expect(bytes).toBe(lectureSize + FILE_BYTES.length);
    expect(progress.at(-1)).toBe(bytes);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    const [api, file] = requests;
    expect(api?.headers.get('Authorization')).toBe('Bearer token-7');
    expect(file?.headers.get('Authorization')).toBeNull();
    expect(await offlineKeys()).toEqual([
      `${ORIGIN}/api/lectures/3?__pb_offline_user=7`,
      `${ORIGIN}/api/files/12?__pb_offline_user=7`,
    ]);
    expect(persist).toHaveBeenCalledTimes(1);

    const [saved] = await listOffline();
    expect(saved).toMatchObject({ key: 'lecture:3', title: 'Play and language', bytes });
    expect(Date.parse(saved?.saved_at ?? '')).not.toBeNaN();

    await makeAvailableOffline({ ...lecture, key: 'file:12', kind: 'file', urls: [lecture.urls[1] ?? ''] });
    expect(persist).toHaveBeenCalledTimes(1);
  });

  it('is all or nothing: a missing file leaves nothing behind and says why', async () => {
    mockFetch((request) => (request.url.includes('/api/files/') ? json(404, {}) : server(request)));
    await expect(makeAvailableOffline(lecture)).rejects.toThrow('This item is no longer available.');
    expect(await offlineKeys()).toEqual([]);
    expect(await listOffline()).toEqual([]);
  });

  it('explains a full device and a lost connection in words', async () => {
    mockFetch(server);
    (await cacheStorage.open(OFFLINE_CACHE_NAME)).full = true;
    const full = await makeAvailableOffline(lecture).catch((error: unknown) => error);
    expect(offlineErrorMessage(full)).toMatch(/not enough space on this device/);
    expect(offlineErrorMessage(new TypeError('Failed to fetch'))).toBe(
      'No connection. Connect to the internet and try again.',
    );
  });

  it('removes an item but keeps bytes another saved item still uses', async () => {
    mockFetch(server);
    await makeAvailableOffline(lecture);
    await makeAvailableOffline({
      ...lecture,
      key: 'file:12',
      kind: 'file',
      urls: ['/api/files/12?expires=5&signature=bb'],
    });
    await removeOffline('lecture:3');
    expect(await offlineKeys()).toEqual([`${ORIGIN}/api/files/12?__pb_offline_user=7`]);
    expect((await listOffline()).map((item) => item.key)).toEqual(['file:12']);
    await removeOffline('file:12');
    expect(await offlineKeys()).toEqual([]);
  });
});

describe('the service worker answering from saved items', () => {
  // jsdom's Blob is not one Node's Response accepts as a body; a worker has one kind of Blob.
  beforeEach(() => vi.stubGlobal('Blob', NodeBlob));

  const request = (path: string, headers: Record<string, string> = {}) =>
    new Request(new URL(path, ORIGIN), { headers });

  it('answers the session that saved them, a file under any signature, a Range with its slice', async () => {
    mockFetch(server);
    await makeAvailableOffline(lecture);

    const answer = await matchOffline(request('/api/lectures/3', { Authorization: 'Bearer token-7' }));
    expect(await answer?.json()).toEqual(LECTURE);

    const file = await matchOffline(request('/api/files/12?expires=999&signature=zz'));
    expect(file?.headers.get('Content-Type')).toBe('application/pdf');
    expect(new Uint8Array(await (file?.arrayBuffer() ?? new ArrayBuffer(0)))).toEqual(FILE_BYTES);

    const part = await matchOffline(
      request('/api/files/12?expires=999&signature=zz', { Range: 'bytes=1000-1004' }),
    );
    expect(part?.status).toBe(206);
    expect(part?.headers.get('Content-Range')).toBe('bytes 1000-1004/2000');
    expect([...new Uint8Array(await (part?.arrayBuffer() ?? new ArrayBuffer(0)))]).toEqual([
      ...FILE_BYTES.slice(1000, 1005),
    ]);
    const beyond = await matchOffline(request('/api/files/12', { Range: 'bytes=5000-' }));
    expect(beyond?.status).toBe(416);
  });

  it('serves nothing to another person on the same device, and nothing after logout', async () => {
    mockFetch(server);
    await makeAvailableOffline(lecture);

    expect(
      await matchOffline(request('/api/lectures/3', { Authorization: 'Bearer token-8' })),
    ).toBeUndefined();

    // Logout: the worker forgets the session (CLEAR_API_CACHE); the items stay for their owner.
    await forgetOfflineSession();
    expect(await matchOffline(request('/api/files/12?expires=1&signature=a'))).toBeUndefined();
    signIn(8);
    expect(await listOffline()).toEqual([]);
    await vi.waitFor(async () => {
      const cache = await cacheStorage.open(OFFLINE_CACHE_NAME);
      expect(cache.entries.has(`${ORIGIN}/__pb_offline/session`)).toBe(true);
    });
    expect(await matchOffline(request('/api/files/12?expires=1&signature=a'))).toBeUndefined();
    expect(
      await matchOffline(request('/api/lectures/3', { Authorization: 'Bearer token-8' })),
    ).toBeUndefined();

    // The owner signs in again: their saved items open again.
    signIn(7);
    expect((await listOffline()).map((item) => item.key)).toEqual(['lecture:3']);
    await vi.waitFor(async () => {
      const again = await matchOffline(request('/api/lectures/3', { Authorization: 'Bearer token-7' }));
      expect(again?.status).toBe(200);
    });
  });

  it('answers a saved file before the network, and leaves the rest to the API cache as before', async () => {
    mockFetch(server);
    await makeAvailableOffline(lecture);
    const handle = vi.fn(async () => new Response('from the network'));
    const fallback = { handle } as unknown as Strategy;
    const route = savedFileFirst(fallback);
    const event = new Event('fetch') as unknown as RouteHandlerCallbackOptions['event'];
    const answer = async (path: string) => {
      const r = request(path);
      const response = await route({ request: r, url: new URL(r.url), event, params: undefined });
      return response.headers.get('Content-Type');
    };
    expect(await answer('/api/files/12?expires=5&signature=x')).toBe('application/pdf');
    expect(handle).not.toHaveBeenCalled();
    expect(await answer('/api/files/13?expires=5&signature=x')).toMatch(/^text\/plain/);
    expect(handle).toHaveBeenCalledTimes(1);

    const saving = new Request(new URL('/api/files/12', ORIGIN), { cache: 'no-store' });
    expect(isFileBytesRequest(new URL(saving.url), saving)).toBe(false);
    const reading = request('/api/files/12?expires=5&signature=x');
    expect(isFileBytesRequest(new URL(reading.url), reading)).toBe(true);
    const json = request('/api/files/12/meta');
    expect(isFileBytesRequest(new URL(json.url), json)).toBe(false);
  });
});
