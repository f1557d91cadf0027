// @vitest-environment node
// The dashboard's chunk (scripts/vite-screen-chunk.ts) follows a feature's face only through the names an
// importer takes from it, as Rollup does once the face is marked free of side effects (vite.config.ts).
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import type { ModuleGraph } from '../../scripts/vite-screen-chunk.ts';
import { staticImports } from '../../scripts/vite-screen-chunk.ts';

const ROOT = '/p/src/client';
const FACE = `${ROOT}/features/quiz/index.ts`;

/** A module graph from source texts (already JavaScript, as Rollup sees them) keyed by absolute id. */
function graph(
  modules: Record<string, { code: string; imports: string[] }>,
  faceEffects = false,
): ModuleGraph {
  return {
    getModuleInfo: (id) => {
      const module = modules[id];
      if (!module) return null;
      return {
        id,
        ast: parseAst(module.code),
        importedIds: module.imports,
        isEntry: false,
        moduleSideEffects: id === FACE ? faceEffects : true,
      };
    },
  };
}

const quiz = {
  [FACE]: {
    code: [
      "export { useOnline, useSyncStatus } from './quiz-sync.ts';",
      "export { fetchResult } from './quiz.api.ts';",
      "export { ResultSummary as Summary } from './components/result-summary.tsx';",
    ].join('\n'),
    imports: [
      `${ROOT}/features/quiz/quiz-sync.ts`,
      `${ROOT}/features/quiz/quiz.api.ts`,
      `${ROOT}/features/quiz/components/result-summary.tsx`,
    ],
  },
  [`${ROOT}/features/quiz/quiz-sync.ts`]: { code: 'export const useOnline = 1;', imports: [] },
  [`${ROOT}/features/quiz/quiz.api.ts`]: { code: 'export const fetchResult = 1;', imports: [] },
  [`${ROOT}/features/quiz/components/result-summary.tsx`]: {
    code: "import '../../../components/styles/result.css'; export const ResultSummary = 1;",
    imports: [`${ROOT}/components/styles/result.css`],
  },
  [`${ROOT}/components/styles/result.css`]: { code: '', imports: [] },
};
const SCREEN = `${ROOT}/features/dashboard/screens/dashboard-screen.tsx`;
const screen = (code: string) => ({ [SCREEN]: { code, imports: [FACE] } });
const local = (ids: Set<string>) => [...ids].map((id) => id.slice(ROOT.length + 1)).sort();

describe('the screen chunk follows a face only through the names taken from it', () => {
  it('takes the modules of the imported names, not the face nor its other modules', () => {
    const modules = graph({ ...quiz, ...screen("import { useOnline } from '../../quiz/index.ts';") });
    expect(local(staticImports(modules, SCREEN))).toEqual([
      'features/dashboard/screens/dashboard-screen.tsx',
      'features/quiz/quiz-sync.ts',
    ]);
  });

  it('follows a renamed re-export to its module, with that module’s own imports (its CSS)', () => {
    const code =
      "import { Summary as S, fetchResult } from '../../quiz/index.ts'; export { useSyncStatus } from '../../quiz/index.ts';";
    expect(local(staticImports(graph({ ...quiz, ...screen(code) }), SCREEN))).toEqual([
      'components/styles/result.css',
      'features/dashboard/screens/dashboard-screen.tsx',
      'features/quiz/components/result-summary.tsx',
      'features/quiz/quiz-sync.ts',
      'features/quiz/quiz.api.ts',
    ]);
  });

  it('follows the whole face for a namespace import, or when the face keeps its side effects', () => {
    const all = [
      'components/styles/result.css',
      'features/dashboard/screens/dashboard-screen.tsx',
      'features/quiz/components/result-summary.tsx',
      'features/quiz/index.ts',
      'features/quiz/quiz-sync.ts',
      'features/quiz/quiz.api.ts',
    ];
    const namespace = graph({ ...quiz, ...screen("import * as quiz from '../../quiz/index.ts'; quiz;") });
    expect(local(staticImports(namespace, SCREEN))).toEqual(all);
    const named = screen("import { useOnline } from '../../quiz/index.ts';");
    expect(local(staticImports(graph({ ...quiz, ...named }, true), SCREEN))).toEqual(all);
  });

  it('follows nothing through a bare import of a face (Rollup drops it)', () => {
    const modules = graph({ ...quiz, ...screen("import '../../quiz/index.ts';") });
    expect(local(staticImports(modules, SCREEN))).toEqual([
      'features/dashboard/screens/dashboard-screen.tsx',
    ]);
  });
});
