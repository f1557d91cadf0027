// The start-up prefetch (src/client/start-prefetch.ts) as an entry of its own, run before the app's entry:
// a few hundred bytes that start the dashboard's API reads and fetch its code while the large entry is
// still on its way. index.html gets its <script> first in <head>, carrying the dashboard screen's chunks
// (those the entry does not import) so the script can preload them for a signed-in visitor of '/'.
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

const isChunk = (item: OutputBundle[string]): item is OutputChunk => item.type === 'chunk';
const endsWith = (id: string | null, module: string) =>
  id !== null && id.replaceAll('\\', '/').endsWith(`/${module}`);

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

/** `entryModule`: the prefetch module; `screenModule`: the dashboard screen (both relative to the project). */
export function startPrefetch(entryModule: string, screenModule: string): Plugin {
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
        const chunks = Object.values(bundle).filter(isChunk);
        const entry = chunks.find((c) => c.isEntry && endsWith(c.facadeModuleId, entryModule));
        if (!entry) throw new Error(`start-prefetch: no entry chunk for ${entryModule}`);
        const screen = chunks.find((c) => c.moduleIds.some((id) => endsWith(id, screenModule)));
        if (!screen) throw new Error(`start-prefetch: no chunk for ${screenModule}`);
        const inEntries = new Set(
          chunks.filter((c) => c.isEntry).flatMap((c) => staticClosure(bundle, c).map((d) => d.fileName)),
        );
        const screenChunks = staticClosure(bundle, screen).filter((c) => !inEntries.has(c.fileName));
        const css = screenChunks.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]);
        const tag =
          `<script type="module" crossorigin src="${base + entry.fileName}"` +
          ` data-dashboard-js="${screenChunks.map((c) => base + c.fileName).join(' ')}"` +
          ` data-dashboard-css="${css.map((file) => base + file).join(' ')}"></script>\n    `;
        // Just before the app's entry: module scripts run in document order, so this one runs first.
        const at = html.indexOf('<script type="module"');
        if (at < 0) throw new Error('start-prefetch: index.html has no module script');
        return html.slice(0, at) + tag + html.slice(at);
      },
    },
  };
}
