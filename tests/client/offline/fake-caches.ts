/**
 * An in-memory Cache Storage for jsdom (which has none): enough of `caches` for the offline-content
 * module and the worker's lookups. Bodies are read on put, as a real cache does.
 */
export class FakeCache {
  readonly entries = new Map<string, Response>();
  /** Set to make the next put fail as a full disk does. */
  full = false;

  async put(key: RequestInfo | URL, response: Response): Promise<void> {
    const body = await response.arrayBuffer();
    if (this.full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    this.entries.set(urlOf(key), new Response(body, { status: response.status, headers: response.headers }));
  }

  async match(key: RequestInfo | URL): Promise<Response | undefined> {
    return this.entries.get(urlOf(key))?.clone();
  }

  async delete(key: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(urlOf(key));
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }
}

function urlOf(key: RequestInfo | URL): string {
  if (typeof key === 'string') return new URL(key, window.location.origin).href;
  return key instanceof URL ? key.href : key.url;
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();

  async open(name: string): Promise<FakeCache> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.caches.set(name, cache);
    }
    return cache;
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }
}
