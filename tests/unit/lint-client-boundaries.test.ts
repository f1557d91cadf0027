import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The client's layers (eslint.config.js): src/shared < lib < components < shell < features < app. Each rule is
// shown refusing a planted import, and letting the allowed form through, with the project's own config.
const eslint = new ESLint({ cwd: join(import.meta.dirname, '..', '..') });

async function boundaryErrors(filePath: string, specifier: string): Promise<string[]> {
  const code = `import { thing } from '${specifier}';\n\nexport const used = thing;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const CASES: { layer: string; file: string; refused: string[]; allowed: string[] }[] = [
  {
    layer: 'lib imports no components, shell, features or app',
    file: 'src/client/lib/planted.ts',
    refused: [
      '../components/toast.tsx',
      '../shell/session.ts',
      '../features/auth/index.ts',
      '../app/app.tsx',
    ],
    allowed: ['./http.ts', '../../shared/constants.ts'],
  },
  {
    layer: 'components import no shell, features or app',
    file: 'src/client/components/planted.tsx',
    refused: ['../shell/paths.ts', '../features/quiz/index.ts', '../app/routes.tsx'],
    allowed: ['../lib/http.ts', './loading.tsx'],
  },
  {
    layer: 'the shell imports no features or app',
    file: 'src/client/shell/planted.ts',
    refused: ['../features/auth/auth.store.ts', '../app/app-routes.tsx'],
    allowed: ['../lib/http.ts', '../components/loading.tsx', './paths.ts'],
  },
  {
    layer: 'features do not import app',
    file: 'src/client/features/quiz/planted.ts',
    refused: ['../../app/routes.tsx'],
    allowed: ['../../shell/paths.ts', '../../components/loading.tsx', '../../lib/http.ts', './quiz.api.ts'],
  },
  {
    layer: 'no client code imports the server',
    file: 'src/client/shell/planted.ts',
    refused: ['../../server/app.ts'],
    allowed: ['../../shared/constants.ts'],
  },
];

// The first lint loads the whole config (typescript-eslint): slow on a busy machine.
describe('client layer boundaries', { timeout: 30_000 }, () => {
  for (const { layer, file, refused, allowed } of CASES) {
    describe(layer, () => {
      it.each(refused)(`refuses %s in ${file}`, async (specifier) => {
        expect(await boundaryErrors(file, specifier)).toEqual([
          `'${specifier}' import is restricted from being used by a pattern. Crosses a boundary.`,
        ]);
      });
      it.each(allowed)(`lets %s through in ${file}`, async (specifier) => {
        expect(await boundaryErrors(file, specifier)).toEqual([]);
      });
    });
  }

  it('lets the app compose everything', async () => {
    for (const specifier of ['../features/auth/index.ts', '../shell/paths.ts', './routes.tsx'])
      expect(await boundaryErrors('src/client/app/planted.tsx', specifier)).toEqual([]);
  });
});
