// One chunk for a lazily loaded screen and every module it imports statically that the entry does not:
// left to itself, Rollup splits a screen's small shared helpers into a dozen chunks of under a kilobyte,
// and over HTTP/1.1 (six connections) each costs the phone a round trip before the screen can render.
// Used for the student dashboard, the first screen of every signed-in student. Other screens that share
// some of these modules load this chunk too: a few kilobytes more, in one request.
import { dirname, resolve } from 'node:path';
import type { Rollup } from 'vite';
import { isFeatureFace, isModule } from './vite-chunks.ts';

type ManualChunks = (id: string, meta: Rollup.ManualChunkMeta) => string | undefined;
type ModuleInfo = Pick<Rollup.ModuleInfo, 'id' | 'ast' | 'importedIds' | 'isEntry' | 'moduleSideEffects'>;
export type ModuleGraph = { getModuleInfo(id: string): ModuleInfo | null };
type Name = { type: string; name?: string; value?: unknown };

const slashes = (path: string) => path.replaceAll('\\', '/');
const nameOf = (node: Name) => String(node.type === 'Identifier' ? node.name : node.value);

/** The module id a relative specifier in `from` names, among `candidates` (ids are absolute paths). */
function resolveIn(from: string, specifier: unknown, candidates: readonly string[]): string | undefined {
  if (typeof specifier !== 'string' || !specifier.startsWith('.')) return undefined;
  const path = slashes(resolve(dirname(from), specifier));
  return candidates.find((id) => slashes(id) === path);
}

/** What a face re-exports, by name, and from which module. */
function reexports(face: ModuleInfo): Map<string, string> {
  const names = new Map<string, string>();
  for (const node of face.ast?.body ?? []) {
    if (node.type !== 'ExportNamedDeclaration' || !node.source) continue;
    const source = resolveIn(face.id, node.source.value, face.importedIds);
    if (source) for (const s of node.specifiers) names.set(nameOf(s.exported), source);
  }
  return names;
}

/** The names `importer` takes from `face`; null when it takes them all (a namespace, `export *`) or is not seen to. */
function namesTaken(importer: ModuleInfo, face: string): Set<string> | null {
  const names = new Set<string>();
  let found = false;
  for (const node of importer.ast?.body ?? []) {
    if (
      node.type !== 'ImportDeclaration' &&
      node.type !== 'ExportNamedDeclaration' &&
      node.type !== 'ExportAllDeclaration'
    )
      continue;
    if (resolveIn(importer.id, node.source?.value, [face]) !== face) continue;
    found = true;
    if (node.type === 'ExportAllDeclaration') return null;
    for (const s of node.specifiers) {
      if (s.type === 'ImportNamespaceSpecifier') return null;
      if (s.type === 'ExportSpecifier') names.add(nameOf(s.local));
      else names.add(s.type === 'ImportSpecifier' ? nameOf(s.imported) : 'default');
    }
  }
  return found ? names : null;
}

/**
 * What `start` loads: its static imports, transitively. A feature's face (features/<feature>/index.ts) that Rollup
 * was told is free of side effects (vite.config.ts) is not followed whole: Rollup drops the re-exports an importer
 * does not name, with their modules, so only the modules of the names imported through it count.
 */
export function staticImports(graph: ModuleGraph, start: string): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) {
      const face = graph.getModuleInfo(imported);
      if (!info || !face || !isFeatureFace(imported) || face.moduleSideEffects !== false) {
        visit(imported);
        continue;
      }
      const taken = namesTaken(info, imported);
      const routes = reexports(face);
      // A name the face itself defines, or all of them: the face is a module like any other.
      if (taken === null || [...taken].some((name) => !routes.has(name))) visit(imported);
      else for (const name of taken) visit(routes.get(name)!);
    }
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
