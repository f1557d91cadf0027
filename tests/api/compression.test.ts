import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers.ts';

// A tiny stand-in for `npm run build`'s dist/: each text file with the .br and .gz copies the build writes
// (scripts/vite-precompress.ts), so these tests do not depend on a real build.
const ASSET = '/assets/index-Ab12Cd34.js';
const FILES: Record<string, string> = {
  'index.html': `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>`,
  'sw.js': 'self.addEventListener("install", () => self.skipWaiting());\n'.repeat(20),
  'manifest.webmanifest': JSON.stringify({ name: 'Pathbuilder', start_url: '/' }),
  [ASSET.slice(1)]: 'export const greeting = "hello from the entry chunk";\n'.repeat(100),
};

function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'pathbuilder-dist-'));
  mkdirSync(join(dir, 'assets'));
  for (const [name, text] of Object.entries(FILES)) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
  return dir;
}

const decode = (encoding: string | undefined, body: Buffer): string =>
  encoding === 'br'
    ? brotliDecompressSync(body).toString()
    : encoding === 'gzip'
      ? gunzipSync(body).toString()
      : body.toString();

describe('compression and caching', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await startTestApp('sqlite', { staticDir: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string, token?: string) =>
    t.request({
      method: 'GET',
      url,
      token,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends a hashed asset as brotli, gzip or identity by Accept-Encoding, brotli first', async () => {
    const cases = [
      ['gzip, deflate, br, zstd', 'br'],
      ['br', 'br'],
      ['gzip, deflate', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['identity', undefined],
      [undefined, undefined],
    ] as const;
    for (const [accept, expected] of cases) {
      const res = await get(ASSET, accept);
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-encoding'], String(accept)).toBe(expected);
      expect(res.headers['content-type']).toMatch(/^(?:text|application)\/javascript/);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
      expect(decode(expected, res.rawPayload)).toBe(FILES[ASSET.slice(1)]);
    }
    const br = await get(ASSET, 'br');
    expect(br.rawPayload.length).toBeLessThan(FILES[ASSET.slice(1)]!.length / 10);
  });

  it('caches hashed assets for a year and revalidates everything else', async () => {
    for (const accept of ['br', undefined]) {
      expect((await get(ASSET, accept)).headers['cache-control']).toBe('public, max-age=31536000, immutable');
      for (const url of ['/index.html', '/sw.js', '/manifest.webmanifest']) {
        const res = await get(url, accept);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
    }
    const sw = await get('/sw.js', 'br');
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['content-type']).toMatch(/javascript/);
    expect(decode('br', sw.rawPayload)).toBe(FILES['sw.js']);
    const manifest = await get('/manifest.webmanifest', 'gzip');
    expect(manifest.headers['content-encoding']).toBe('gzip');
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
  });

  it('sends the app shell for client routes compressed, uncached and as HTML', async () => {
    for (const url of ['/', '/login', '/quiz/12/review']) {
      const res = await get(url, 'gzip, deflate, br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(decode('br', res.rawPayload)).toBe(FILES['index.html']);
    }
    const gz = await get('/login', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', gz.rawPayload)).toBe(FILES['index.html']);
    const plain = await get('/login');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(FILES['index.html']);
  });

  it('compresses API JSON over 1 KB and leaves small answers alone', async () => {
    const big = await get('/api/openapi.json', 'gzip, deflate, br');
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const doc = JSON.parse(decode('br', big.rawPayload)) as { paths: object };
    expect(Object.keys(doc.paths).length).toBeGreaterThan(10);

    const gz = await get('/api/openapi.json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode('gzip', gz.rawPayload))).toEqual(doc);

    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(doc);

    // A route inside /api, behind a token, answered through its response schema.
    const token = await t.login('admin@pathbuilder.test');
    const list = await get('/api/admin/questions', 'br', token);
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decode('br', list.rawPayload))).toEqual(
      (await get('/api/admin/questions', undefined, token)).json(),
    );

    const small = await get('/api/health', 'gzip, deflate, br');
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });

  it('still sends the CSV export, compressed like any large text', async () => {
    const token = await t.login('admin@pathbuilder.test');
    const res = await get('/api/admin/questions/export', 'br', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toContain('attachment');
    const csv = decode(res.headers['content-encoding'] as string | undefined, res.rawPayload);
    expect(csv).toBe((await get('/api/admin/questions/export', undefined, token)).body);
    expect(csv.split('\n').length).toBeGreaterThan(2);
  });
});
