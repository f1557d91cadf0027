// Adds <link rel="modulepreload"> (and a style preload) to index.html for one lazily loaded screen and the
// chunks it imports that the entry does not: the browser then fetches them beside the entry instead of one
// round trip after it. Used for the login screen, the first screen of every visitor without a session.
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

const isChunk = (item: OutputBundle[string]): item is OutputChunk => item.type === 'chunk';

function staticClosure(bundle: OutputBundle, start: OutputChunk): OutputChunk[] {
  const seen = new Map<string, OutputChunk>();
  const visit = (chunk: OutputChunk) => {
    if (seen.has(chunk.fileName)) return;
    seen.set(chunk.fileName, chunk);
    for (const name of chunk.imports) {
      const imported = bundle[name];
      if (imported && isChunk(imported)) visit(imported);
    }
  };
  visit(start);
  return [...seen.values()];
}

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
        const chunks = Object.values(bundle).filter(isChunk);
        const isScreen = (id: string) => id.replaceAll('\\', '/').endsWith(`/${screenModule}`);
        const screen = chunks.find((c) => c.moduleIds.some(isScreen));
        if (!screen) throw new Error(`preload-screen: no chunk for ${screenModule}`);
        const inEntry = new Set(
          chunks.filter((c) => c.isEntry).flatMap((c) => staticClosure(bundle, c).map((d) => d.fileName)),
        );
        const chunksToLoad = staticClosure(bundle, screen).filter((c) => !inEntry.has(c.fileName));
        const css = chunksToLoad.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]);
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
