// The start-up prefetch (src/client/start-prefetch.ts) as an entry of its own, run before the app's entry:
// a few hundred bytes that start the dashboard's API reads and fetch its code while the large entry is
// still on its way. index.html gets its <script> first in <head>, carrying the dashboard screen's chunks
// and the signed-in layout's (those the entry does not import) so the script can preload them for a
// signed-in visitor of '/', and the login screen's, which it preloads for a visitor without a session.
// Nothing else is preloaded by index.html: on HTTP/1.1 a browser opens six connections to the server, and
// seven requests for a screen a signed-in visitor never sees held the dashboard's reads back.
import type { Plugin } from 'vite';
import { isChunk, isModule, screenChunks } from './vite-chunks.ts';

/**
 * `entryModule`: the prefetch module; `screenModules`: the dashboard screen and the layout around it;
 * `signedOutScreen`: the first screen of a visitor without a session (all relative to the project).
 */
export function startPrefetch(
  entryModule: string,
  screenModules: readonly string[],
  signedOutScreen: string,
): Plugin {
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
        const signedOut = screenChunks(bundle, signedOutScreen, 'start-prefetch');
        const list = (files: readonly string[]) => files.map((file) => base + file).join(' ');
        const tag =
          `<script type="module" crossorigin src="${base + entry.fileName}"` +
          ` data-dashboard-js="${list(dashboardChunks.map((c) => c.fileName))}"` +
          ` data-dashboard-css="${list(css)}"` +
          ` data-signed-out-js="${list(signedOut.chunks.map((c) => c.fileName))}"` +
          ` data-signed-out-css="${list(signedOut.css)}"></script>\n    `;
        // Just before the app's entry: module scripts run in document order, so this one runs first.
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('start-prefetch: index.html has no module script');
        return html.slice(0, at) + tag + html.slice(at);
      },
    },
  };
}
