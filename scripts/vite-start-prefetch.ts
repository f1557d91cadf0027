// The start-up prefetch (src/client/start-prefetch.ts) inline in index.html: a couple of kilobytes that start
// the dashboard's API reads and fetch its code while the large entry is still on its way. Inline, they start
// as soon as the HTML is parsed: a script of its own took a round trip, and on a phone's slow network its
// download shared the bandwidth with the entry's and held the dashboard's reads back. The module is bundled
// on its own (esbuild, a classic script) and written first in <head>, before any stylesheet (a classic
// script waits for the stylesheets above it), carrying the dashboard screen's chunks and the signed-in
// layout's (those the entry does not import) so the script can preload them for a signed-in visitor of '/',
// and the login screen's, which it preloads for a visitor without a session. The Content-Security-Policy
// allows it by its hash, which the server takes from the built HTML (src/server/plugins/security-headers.ts).
// Nothing else is preloaded by index.html: on HTTP/1.1 a browser opens six connections to the server, and
// seven requests for a screen a signed-in visitor never sees held the dashboard's reads back.
import { resolve } from 'node:path';
import { build } from 'esbuild';
import type { Plugin } from 'vite';
import { screenChunks } from './vite-chunks.ts';

/** The module as one minified classic script (the app's copy stays in its bundle: lib/http.ts imports it). */
async function inlineScript(entryModule: string, root: string): Promise<string> {
  const out = await build({
    entryPoints: [resolve(root, entryModule)],
    bundle: true,
    write: false,
    format: 'iife',
    minify: true,
    target: 'es2022',
    define: { 'import.meta.env.MODE': '"production"' },
    logLevel: 'silent',
  });
  const code = out.outputFiles[0]?.text.trim();
  if (!code) throw new Error(`start-prefetch: esbuild wrote nothing for ${entryModule}`);
  // esbuild escapes "</script" in strings; anything else spelling it would end the element early.
  if (/<\/script|<!--/i.test(code))
    throw new Error('start-prefetch: the inline script spells </script or <!--');
  return code;
}

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
  let root = process.cwd();
  return {
    name: 'pathbuilder:start-prefetch',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const found = screenModules.map((module) => screenChunks(bundle, module, 'start-prefetch'));
        const dashboardChunks = [...new Set(found.flatMap((f) => f.chunks))];
        const css = [...new Set(found.flatMap((f) => f.css))];
        const signedOut = screenChunks(bundle, signedOutScreen, 'start-prefetch');
        const list = (files: readonly string[]) => files.map((file) => base + file).join(' ');
        const tag =
          `<script data-dashboard-js="${list(dashboardChunks.map((c) => c.fileName))}"` +
          ` data-dashboard-css="${list(css)}"` +
          ` data-signed-out-js="${list(signedOut.chunks.map((c) => c.fileName))}"` +
          ` data-signed-out-css="${list(signedOut.css)}">${await inlineScript(entryModule, root)}</script>\n    `;
        // Before the app's entry and every stylesheet of the built page.
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('start-prefetch: index.html has no module script');
        if (/<link rel="stylesheet"/.test(html.slice(0, at)))
          throw new Error('start-prefetch: a stylesheet comes before the inline script');
        return html.slice(0, at) + tag + html.slice(at);
      },
    },
  };
}
