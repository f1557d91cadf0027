// The start-up prefetch (src/client/start-prefetch.ts) as an entry of its own, run before the app's entry:
// a few hundred bytes that start the dashboard's API reads and fetch its code while the large entry is
// still on its way. index.html gets its <script> first in <head>, carrying the dashboard screen's chunks
// and the signed-in layout's (those the entry does not import) so the script can preload them for a
// signed-in visitor of '/'.
import type { Plugin } from 'vite';
import { isChunk, isModule, screenChunks } from './vite-chunks.ts';

/**
 * `entryModule`: the prefetch module; `screenModules`: the dashboard screen and the layout around it (all
 * relative to the project).
 */
export function startPrefetch(entryModule: string, screenModules: readonly string[]): Plugin {
  let base = '/';
  return {
    name: 'pathbuilder:start-prefetch',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const entry = Object.values(bundle)
          .filter(isChunk)
          .find((c) => c.isEntry && isModule(c.facadeModuleId, entryModule));
        if (!entry) throw new Error(`start-prefetch: no entry chunk for ${entryModule}`);
        const found = screenModules.map((module) => screenChunks(bundle, module, 'start-prefetch'));
        const dashboardChunks = [...new Set(found.flatMap((f) => f.chunks))];
        const css = [...new Set(found.flatMap((f) => f.css))];
        const tag =
          `<script type="module" crossorigin src="${base + entry.fileName}"` +
          ` data-dashboard-js="${dashboardChunks.map((c) => base + c.fileName).join(' ')}"` +
          ` data-dashboard-css="${css.map((file) => base + file).join(' ')}"></script>\n    `;
        // Just before the app's entry: module scripts run in document order, so this one runs first.
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('start-prefetch: index.html has no module script');
        return html.slice(0, at) + tag + html.slice(at);
      },
    },
  };
}
