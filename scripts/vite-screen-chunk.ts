// One chunk for a lazily loaded screen and every module it imports statically that the entry does not:
// left to itself, Rollup splits a screen's small shared helpers into a dozen chunks of under a kilobyte,
// and over HTTP/1.1 (six connections) each costs the phone a round trip before the screen can render.
// Used for the student dashboard, the first screen of every signed-in student. Other screens that share
// some of these modules load this chunk too: a few kilobytes more, in one request.
import type { Rollup } from 'vite';
import { isModule } from './vite-chunks.ts';

type ManualChunks = (id: string, meta: Rollup.ManualChunkMeta) => string | undefined;

function staticImports(meta: Rollup.ManualChunkMeta, start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    for (const imported of meta.getModuleInfo(id)?.importedIds ?? []) visit(imported);
  };
  visit(start);
  return seen;
}

/**
 * `screenModule` is project-relative, e.g. src/client/features/x/screens/x-screen.tsx. What `keepOut` (other
 * screens, e.g. the login screen) import stays out, so those screens do not load this chunk.
 */
export function screenChunk(
  name: string,
  screenModule: string,
  keepOut: readonly string[] = [],
): ManualChunks {
  let members: Set<string> | null = null;
  return (id, meta) => {
    if (!members) {
      const all = [...meta.getModuleIds()];
      const find = (module: string) => {
        const id = all.find((m) => isModule(m, module));
        if (!id) throw new Error(`screen-chunk: no module ${module}`);
        return id;
      };
      // What any entry (the app's, the start-up prefetch's) loads stays where Rollup puts it.
      const starts = [...all.filter((m) => meta.getModuleInfo(m)?.isEntry), ...keepOut.map(find)];
      const elsewhere = new Set(starts.flatMap((m) => [...staticImports(meta, m)]));
      members = new Set([...staticImports(meta, find(screenModule))].filter((m) => !elsewhere.has(m)));
    }
    return members.has(id) ? name : undefined;
  };
}
