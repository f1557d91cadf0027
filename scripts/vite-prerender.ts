// Writes <outDir>/login.html: index.html with the login screen already in #root, rendered at build time from
// the app's own components (src/client/prerender.tsx, built for Node by a second, SSR build of Vite), and the
// screen's CSS as render-blocking stylesheets. The page then paints with the HTML, before the ~90 kB of
// script; main.tsx hydrates it. The server sends it for GET /login (src/server/app.ts); every other path,
// and the service worker's navigation fallback, keep index.html.
import { createHash } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import type { Plugin } from 'vite';
import { screenChunks } from './vite-chunks.ts';

/** What the prerender entry exports (src/client/prerender.tsx). */
type PrerenderModule = { prerender(pathname: string): Promise<{ html: string; title: string }> };

// Loads the app once the prerendered page has painted: a frame, then a task (at once in a hidden tab, where
// frames wait). A file, not inline code: the Content-Security-Policy allows files of this origin and, by its
// hash, only the start-up prefetch inline (vite-start-prefetch.ts).
const AFTER_PAINT = `(function () {
  var me = document.currentScript;
  var done = false;
  function load() {
    if (done) return;
    done = true;
    (me.getAttribute('data-modulepreload') || '').split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = me.getAttribute('data-module');
    document.head.appendChild(script);
  }
  if (document.visibilityState === 'hidden') load();
  else requestAnimationFrame(function () { setTimeout(load, 0); });
  document.addEventListener('visibilitychange', load);
})();
`;

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * index.html with the rendered screen in #root, its title, its CSS linked as stylesheets, and its chunks
 * (`screen.js`) preloaded with the entry.
 */
export function prerenderedHtml(
  pathname: string,
  indexHtml: string,
  page: { html: string; title: string },
  screen: { css: readonly string[]; js: readonly string[] },
  afterPaintSrc: string,
): string {
  let html = indexHtml;
  for (const href of screen.css)
    html = html.replace('</head>', `<link rel="stylesheet" crossorigin href="${href}">\n</head>`);
  // The page is complete without its scripts (they only make it interactive, keeping what was typed): the
  // app's entry and the screen's chunks are asked for once it has painted (AFTER_PAINT), so on a slow
  // network the HTML and its stylesheets have the connection to themselves until then.
  const entry = /<script type="module" crossorigin src="([^"]+\/index-[^"]+\.js)"><\/script>\n?\s*/;
  const entrySrc = entry.exec(html)?.[1];
  if (!entrySrc) throw new Error('prerender: index.html has no entry script');
  const preloads: string[] = [...screen.js];
  html = html
    .replace(entry, '')
    // The start-up prefetch preloads the login screen for a visitor without a session (vite-start-prefetch.ts):
    // here it is the page itself, whose code waits until it has painted.
    .replace(/ data-signed-out-(?:js|css)="[^"]*"/g, '')
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\n?\s*/g, (_m, href: string) => {
      preloads.push(href);
      return '';
    });
  const boot =
    `<script defer src="${afterPaintSrc}" data-module="${entrySrc}" data-modulepreload="${preloads.join(' ')}">` +
    '</script>';
  html = html.replace('</head>', `${boot}\n</head>`);
  const root = '<div id="root"></div>';
  if (!html.includes(root)) throw new Error('prerender: index.html has no empty <div id="root"></div>');
  return html
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(root, () => `<div id="root" data-prerendered="${escapeHtml(pathname)}">${page.html}</div>`);
}

/**
 * `entry`: the prerender module (project-relative); `pages`: pathname to the file written in outDir, and
 * the screen module whose CSS must be linked, e.g. { '/login': { file: 'login.html', screen: '...tsx' } }.
 */
export function prerender(entry: string, pages: Record<string, { file: string; screen: string }>): Plugin {
  let root = '';
  let outDir = '';
  let base = '/';
  let isSsrBuild = false;
  return {
    name: 'pathbuilder:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
      isSsrBuild = Boolean(config.build.ssr);
    },
    // After the client files are on disk and before closeBundle, where the service worker's precache list
    // and the precompressed copies are made: both then include the new pages.
    async writeBundle(_options, bundle) {
      if (isSsrBuild) return;
      const indexAsset = bundle['index.html'];
      if (!indexAsset || indexAsset.type !== 'asset')
        throw new Error('prerender: the build has no index.html');
      const indexHtml = String(indexAsset.source);
      const tmp = join(root, 'node_modules', '.cache', `pathbuilder-prerender-${process.pid}`);
      rmSync(tmp, { recursive: true, force: true });
      mkdirSync(tmp, { recursive: true });
      try {
        // Its own config (configFile: false): this plugin, the PWA and the precompression stay out of it.
        await build({
          configFile: false,
          root,
          base,
          logLevel: 'warn',
          mode: 'production',
          plugins: [react()],
          build: {
            ssr: entry,
            outDir: tmp,
            emptyOutDir: true,
            copyPublicDir: false,
            minify: false,
            sourcemap: false,
            rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
          },
        });
        const afterPaint = `assets/after-paint-${createHash('sha256').update(AFTER_PAINT).digest('hex').slice(0, 8)}.js`;
        writeFileSync(join(outDir, afterPaint), AFTER_PAINT);
        const module = (await import(pathToFileURL(join(tmp, 'prerender.mjs')).href)) as PrerenderModule;
        for (const [pathname, { file, screen }] of Object.entries(pages)) {
          const page = await module.prerender(pathname);
          const own = screenChunks(bundle, screen, 'prerender');
          const hrefs = { css: own.css.map((f) => base + f), js: own.chunks.map((c) => base + c.fileName) };
          writeFileSync(
            join(outDir, file),
            prerenderedHtml(pathname, indexHtml, page, hrefs, base + afterPaint),
          );
        }
      } finally {
        rmSync(tmp, { recursive: true, force: true });
      }
    },
  };
}
