import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

// A stand-in for the build's pages: each with the start-up prefetch inline (scripts/vite-start-prefetch.ts),
// login.html's copy the same script as index.html's, as the prerender leaves it.
const PREFETCH = 'window.prefetched=1';
const page = (extra: string) =>
  `<!doctype html><html><head><script data-dashboard-js="/assets/d.js">${PREFETCH}</script>` +
  `<script type="module" src="/assets/index-Ab12Cd34.js"></script>${extra}</head><body><div id="root"></div></body></html>`;
const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
const scriptSrc = (policy: unknown) => /script-src ([^;]*)/.exec(String(policy))?.[1];

describe.each(dialects)('the inline start-up script under the CSP (%s)', (dialect) => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'pathbuilder-dist-'));
    writeFileSync(join(dist, 'index.html'), page(''));
    writeFileSync(join(dist, 'login.html'), page('<script defer src="/assets/after-paint.js"></script>'));
    t = await startTestApp(dialect, { staticDir: dist });
  });

  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('allows exactly the script the built pages carry, by its hash, on every document', async () => {
    for (const url of ['/', '/login', '/quizzes', '/index.html']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(scriptSrc(res.headers['content-security-policy']), url).toBe(`'self' ${hashOf(PREFETCH)}`);
    }
    // Another script, even one character longer, is not allowed.
    const policy = String((await t.request({ method: 'GET', url: '/' })).headers['content-security-policy']);
    expect(policy).not.toContain(hashOf(`${PREFETCH};`));
    expect(scriptSrc(policy)).not.toContain('unsafe-inline');
  });

  it('leaves data under its own policy, where no script runs', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
