import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  adoptPaintedDashboard,
  dropPaintedDashboard,
  keepPaintedDashboard,
  paintedHtml,
} from '../../../src/client/lib/painted-dashboard.ts';
import {
  isPaintedDashboard,
  PAINTED_CACHE_NAME,
  PAINTED_PATH,
  STAMP_MARK,
} from '../../../src/shared/painted-dashboard.ts';
import { paintedIndexHtml } from '../../../sw/painted-html.ts';
import { FakeCacheStorage } from './fake-caches.ts';

// Issue 28's warm visit: the dashboard as React rendered it for the signed-in student, kept for the service
// worker to paint before any script runs, always marked as a held copy (src/client/lib/painted-dashboard.ts,
// sw/painted-html.ts).

// The start-up prefetch, inline as the build writes it (scripts/vite-start-prefetch.ts).
const PREFETCH = '(()=>{fetch("/api/batch")})();';
const INDEX = `<!doctype html><html><head><title>Pathbuilder</title><script data-dashboard-js="/assets/dashboard-a.js" data-dashboard-css="/assets/dashboard-b.css /assets/sidebar-layout-c.css">${PREFETCH}</script><script type="module" crossorigin src="/assets/index-x.js"></script></head><body><div id="root"></div><noscript>Pathbuilder needs JavaScript to run.</noscript></body></html>`;

/** #root as the app renders the student dashboard with the server's answer (stamp: "Up to date" or none). */
function renderedRoot(stamp: 'fresh' | 'none', pending = false): HTMLElement {
  const root = document.createElement('div');
  root.id = 'root';
  root.innerHTML =
    `<div class="app"><header class="top-bar"><h1 class="top-bar__title">Dashboard</h1></header>` +
    `<main class="content">${pending ? '<div class="loading loading--centered" role="status">Loading...</div>' : ''}` +
    `<div class="page" data-status="${pending ? 'pending' : 'loaded'}"><div class="screen dashboard">` +
    `<h1 class="page-title">Welcome, Sam Rivera</h1>` +
    (stamp === 'fresh' ? '<p class="offline-stamp offline-stamp--fresh" role="status">Up to date</p>' : '') +
    `<div class="dashboard__columns"><section aria-label="Your next step"><p class="dashboard-next__detail">Quiz · 8 questions</p></section></div>` +
    `</div></div></main><div class="Toastify"><div role="alert">Saved</div></div></div>`;
  return root;
}

describe('the painted dashboard (what the page keeps)', () => {
  it('is the rendered dashboard with the held stamp in place of the fresh one, its words left to the worker', () => {
    const html = paintedHtml(renderedRoot('fresh'))!;
    expect(html).toContain('Welcome, Sam Rivera');
    expect(html).toContain('Quiz · 8 questions');
    expect(html).not.toContain('Up to date');
    expect(html).not.toContain('offline-stamp--fresh');
    expect(html).toContain(
      `<p class="offline-stamp" role="status">${STAMP_MARK}</p><div class="dashboard__columns">`,
    );
  });

  it('gets the held stamp where the held copy shows it even when the fresh render had none', () => {
    const html = paintedHtml(renderedRoot('none'))!;
    expect(html).toContain(
      `</h1><p class="offline-stamp" role="status">${STAMP_MARK}</p><div class="dashboard__columns">`,
    );
  });

  it('keeps no toast, and shows the page as loaded (no spinner over it)', () => {
    const html = paintedHtml(renderedRoot('fresh', true))!;
    expect(html).not.toContain('Toastify');
    expect(html).not.toContain('Loading...');
    expect(html).toContain('data-status="loaded"');
  });

  it('is nothing when the page is not the student dashboard', () => {
    const root = document.createElement('div');
    root.innerHTML =
      '<main class="content"><div class="page"><div class="screen quizzes"></div></div></main>';
    expect(paintedHtml(root)).toBeNull();
  });
});

describe('the page the worker answers / with', () => {
  const painted = {
    userId: 7,
    updatedAt: new Date(2026, 10, 28, 10, 42).getTime(),
    html: `<p class="offline-stamp" role="status">${STAMP_MARK}</p><p>Quiz &amp; more</p>`,
  };

  it('carries the painted dashboard in #root, for its student, stamped as held as of now', () => {
    const html = paintedIndexHtml(INDEX, painted, new Date(2026, 10, 28, 12, 0).getTime())!;
    expect(html).toContain(
      '<div id="root" data-painted-user="7"><p class="offline-stamp" role="status">Refreshing, last updated 10:42</p><p>Quiz &amp; more</p></div>',
    );
    expect(html).not.toContain(STAMP_MARK);
    expect(html).toContain('<noscript>');
  });

  it('keeps the inline start-up script’s text as it was (its hash in the CSP still allows it), marked to wait for the paint', () => {
    const html = paintedIndexHtml(INDEX, painted)!;
    const inline = [...html.matchAll(/<script\b([^>]*)>([^<]+)<\/script>/g)];
    expect(inline.map(([, , text]) => text)).toEqual([PREFETCH]);
    expect(inline[0]![1]).toContain(' data-after-paint ');
  });

  it('says the date when the held copy is from an earlier day', () => {
    const html = paintedIndexHtml(INDEX, painted, new Date(2026, 10, 29, 9, 0).getTime())!;
    expect(html).toMatch(/Refreshing, last updated \S+ \S+ 10:42<\/p>/);
  });

  it('links the dashboard’s stylesheets in its head, so it paints styled', () => {
    const html = paintedIndexHtml(INDEX, painted)!;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/dashboard-b.css">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/sidebar-layout-c.css">');
  });

  it('is none for an index.html of another shape', () => {
    expect(paintedIndexHtml('<html><body><main></main></body></html>', painted)).toBeNull();
  });

  it('takes only a well-formed copy that carries the held stamp', () => {
    expect(isPaintedDashboard(painted)).toBe(true);
    expect(isPaintedDashboard({ ...painted, html: '<p>no stamp</p>' })).toBe(false);
    expect(isPaintedDashboard({ ...painted, userId: '7' })).toBe(false);
    expect(isPaintedDashboard(null)).toBe(false);
  });
});

describe('keeping and dropping it', () => {
  let storage: FakeCacheStorage;
  beforeEach(() => {
    storage = new FakeCacheStorage();
    vi.stubGlobal('caches', storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  const kept = async () => {
    const cache = storage.caches.get(PAINTED_CACHE_NAME);
    const entry = await cache?.match(PAINTED_PATH);
    return entry ? ((await entry.json()) as unknown) : undefined;
  };

  it('keeps one copy, replaced by the next, and drops it whole', async () => {
    await keepPaintedDashboard({ userId: 7, updatedAt: 1, html: `a${STAMP_MARK}` });
    await keepPaintedDashboard({ userId: 7, updatedAt: 2, html: `b${STAMP_MARK}` });
    expect(await kept()).toEqual({ userId: 7, updatedAt: 2, html: `b${STAMP_MARK}` });
    await dropPaintedDashboard();
    expect(storage.caches.has(PAINTED_CACHE_NAME)).toBe(false);
  });

  it('at start, stays on the page only for the student it was painted for', async () => {
    const root = document.createElement('div');
    root.setAttribute('data-painted-user', '7');
    root.innerHTML = '<p>Sam’s dashboard</p>';
    expect(adoptPaintedDashboard(root, 7)).toBe(true);
    expect(root.textContent).toBe('Sam’s dashboard');
    expect(root.hasAttribute('data-painted-user')).toBe(false);
  });

  it('is taken off the page and the device for another user or no session', async () => {
    await keepPaintedDashboard({ userId: 7, updatedAt: 1, html: `a${STAMP_MARK}` });
    for (const userId of [8, null]) {
      const root = document.createElement('div');
      root.setAttribute('data-painted-user', '7');
      root.innerHTML = '<p>Sam’s dashboard</p>';
      expect(adoptPaintedDashboard(root, userId)).toBe(false);
      expect(root.childNodes).toHaveLength(0);
    }
    await vi.waitFor(() => expect(storage.caches.has(PAINTED_CACHE_NAME)).toBe(false));
  });

  it('a page without a painted dashboard is left alone', () => {
    const root = document.createElement('div');
    expect(adoptPaintedDashboard(root, 7)).toBe(false);
  });
});

describe('a drop while a copy is being kept', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('wins: the copy does not outlive the session it was painted for', async () => {
    const storage = new FakeCacheStorage();
    vi.stubGlobal('caches', storage);
    const keeping = keepPaintedDashboard({ userId: 7, updatedAt: 1, html: `a${STAMP_MARK}` });
    await dropPaintedDashboard();
    await keeping;
    expect(storage.caches.has(PAINTED_CACHE_NAME)).toBe(false);
  });
});
