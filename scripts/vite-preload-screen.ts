// Adds <link rel="modulepreload"> (and a style preload) to index.html for one lazily loaded screen and the
// chunks it imports that the entry does not: the browser then fetches them beside the entry instead of one
// round trip after it. Used for the login screen, the first screen of every visitor without a session.
import type { Plugin } from 'vite';
import { screenChunks } from './vite-chunks.ts';

/** `screenModule`: the screen's source path relative to the project, e.g. src/client/.../login-screen.tsx. */
export function preloadScreen(screenModule: string): Plugin {
  let base = '/';
  return {
    name: 'pathbuilder:preload-screen',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return;
        const { chunks: chunksToLoad, css } = screenChunks(bundle, screenModule, 'preload-screen');
        return [
          ...chunksToLoad.map((c) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: base + c.fileName },
            injectTo: 'head' as const,
          })),
          ...css.map((file) => ({
            tag: 'link',
            attrs: { rel: 'preload', as: 'style', crossorigin: true, href: base + file },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}
