import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GET_CACHE_TTL_MS } from '../../../src/shared/constants.ts';
import { login, logout } from '../../../src/client/features/auth/auth.store.ts';
import { clearGetCache, setCacheClock } from '../../../src/client/lib/get-cache.ts';
import { getJson, postJson, putJson } from '../../../src/client/lib/http.ts';
import { json, makeUser, mockFetch } from '../helpers.ts';
import type { SeenRequest } from '../helpers.ts';

let now = 1_000_000;
let served = 0;

// Every GET answers with a fresh number, so a cached answer is recognisable by its old number.
function server(request: SeenRequest): Response {
  if (request.url === '/api/auth/login') {
    const body = request.body as { email: string };
    const id = body.email.startsWith('other') ? 8 : 7;
    return json(200, { access_token: `token-${id}`, user: makeUser({ id, email: body.email }) });
  }
  if (request.method === 'GET') return json(200, { served: ++served });
  return json(200, { message: 'Saved.' });
}

function gets(requests: SeenRequest[]): string[] {
  return requests.filter((request) => request.method === 'GET').map((request) => request.url);
}

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

describe('the 5-minute GET cache', () => {
  it('answers a repeated GET from the cache within 5 minutes, keyed by the full URL with its query', async () => {
    const { requests } = mockFetch(server);

    const first = await getJson('/quizzes', { query: { page: 1 } });
    now += GET_CACHE_TTL_MS - 1;
    const again = await getJson('/quizzes', { query: { page: 1 } });
    const otherPage = await getJson('/quizzes', { query: { page: 2 } });

    expect(again).toEqual(first);
    expect(otherPage).toEqual({ served: 2 });
    expect(gets(requests)).toEqual(['/api/quizzes?page=1', '/api/quizzes?page=2']);
  });

  it('asks the server again once the entry is 5 minutes old', async () => {
    const { requests } = mockFetch(server);

    await getJson('/videos');
    now += GET_CACHE_TTL_MS;
    const later = await getJson('/videos');

    expect(later).toEqual({ served: 2 });
    expect(gets(requests)).toHaveLength(2);
  });

  it('is skipped both ways with cache: false', async () => {
    const { requests } = mockFetch(server);

    await getJson('/lectures');
    const bypass = await getJson('/lectures', { cache: false });
    const cached = await getJson('/lectures');

    expect(bypass).toEqual({ served: 2 });
    expect(cached).toEqual({ served: 1 });
    expect(gets(requests)).toHaveLength(2);
  });

  it('forgets the GETs of a resource when something under it is written, and only those', async () => {
    const { requests } = mockFetch(server);
    await getJson('/quizzes', { query: { page: 1 } });
    await getJson('/quizzes/5');
    await getJson('/videos');

    await putJson('/quizzes/5', { title: 'Renamed' });
    const list = await getJson('/quizzes', { query: { page: 1 } });
    const one = await getJson('/quizzes/5');
    const videos = await getJson('/videos');

    expect(list).toEqual({ served: 4 });
    expect(one).toEqual({ served: 5 });
    expect(videos).toEqual({ served: 3 });
    expect(gets(requests)).toHaveLength(5);
  });

  it('never shows one user the cached answers of another', async () => {
    const { requests } = mockFetch(server);
    await login({ email: 'student@pathbuilder.test', password: 'pathbuilder-demo' });
    const mine = await getJson('/learning-pathway');

    await login({ email: 'other@pathbuilder.test', password: 'pathbuilder-demo' });
    const theirs = await getJson('/learning-pathway');

    expect(mine).toEqual({ served: 1 });
    expect(theirs).toEqual({ served: 2 });
    expect(gets(requests)).toHaveLength(2);
  });

  it('is emptied on logout', async () => {
    const { requests } = mockFetch(server);
    await login({ email: 'student@pathbuilder.test', password: 'pathbuilder-demo' });
    await getJson('/resources');

    await logout();
    await login({ email: 'student@pathbuilder.test', password: 'pathbuilder-demo' });
    const after = await getJson('/resources');

    expect(after).toEqual({ served: 2 });
    expect(gets(requests)).toHaveLength(2);
  });

  it('does not keep an answer that was in flight while the resource was written', async () => {
    let release: (() => void) | undefined;
    const { requests } = mockFetch((request) => {
      if (request.method === 'GET' && served === 0) {
        return new Promise<Response>((resolve) => {
          release = () => resolve(server(request));
        });
      }
      return server(request);
    });

    const slow = getJson('/announcements');
    await vi.waitFor(() => expect(release).toBeDefined());
    await postJson('/announcements', { title: 'Hello' });
    release?.();
    await slow;
    const fresh = await getJson('/announcements');

    expect(fresh).toEqual({ served: 2 });
    expect(gets(requests)).toHaveLength(2);
  });
});
