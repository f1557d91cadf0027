// What the build plugins ask of Rollup's output: the chunk holding a module, and a chunk's static imports
// with their CSS, without what the entries already load.
import type { Rollup } from 'vite';

export type OutputBundle = Rollup.OutputBundle;
export type OutputChunk = Rollup.OutputChunk;

export const isChunk = (item: OutputBundle[string]): item is OutputChunk => item.type === 'chunk';

/** `module` is project-relative, e.g. src/client/main.tsx; ids are absolute (and may use backslashes). */
export const isModule = (id: string | null, module: string) =>
  id !== null && id.replaceAll('\\', '/').endsWith(`/${module}`);

/** A client feature's face, src/client/features/<feature>/index.ts: it only re-exports what others may use. */
export const isFeatureFace = (id: string) =>
  /\/src\/client\/features\/[^/]+\/index\.ts$/.test(id.replaceAll('\\', '/'));

/** The chunk and every chunk it imports statically, transitively. */
export function staticClosure(bundle: OutputBundle, start: OutputChunk): OutputChunk[] {
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

const cssOf = (chunks: readonly OutputChunk[]) => [
  ...new Set(chunks.flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])])),
];

/**
 * The chunks a lazily loaded screen needs that no entry loads, and their CSS files that no entry links.
 * `plugin` names the caller in the error thrown when no chunk holds the screen.
 */
export function screenChunks(
  bundle: OutputBundle,
  screenModule: string,
  plugin: string,
): { chunks: OutputChunk[]; css: string[] } {
  const chunks = Object.values(bundle).filter(isChunk);
  const screen = chunks.find((c) => c.moduleIds.some((id) => isModule(id, screenModule)));
  if (!screen) throw new Error(`${plugin}: no chunk for ${screenModule}`);
  const inEntries = chunks.filter((c) => c.isEntry).flatMap((c) => staticClosure(bundle, c));
  const entryFiles = new Set(inEntries.map((c) => c.fileName));
  const entryCss = new Set(cssOf(inEntries));
  const own = staticClosure(bundle, screen).filter((c) => !entryFiles.has(c.fileName));
  return { chunks: own, css: cssOf(staticClosure(bundle, screen)).filter((f) => !entryCss.has(f)) };
}
