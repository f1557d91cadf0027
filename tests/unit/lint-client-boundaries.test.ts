import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The client's layers (eslint.config.js): src/shared < lib < components < shell < features < app, and features
// that reach each other only through their faces (features/<feature>/index.ts). Each rule is shown refusing a
// planted import, and letting the allowed form through, with the project's own config.
const eslint = new ESLint({ cwd: join(import.meta.dirname, '..', '..') });

async function boundaryErrors(filePath: string, specifier: string): Promise<string[]> {
  const code = `import { thing } from '${specifier}';\n\nexport const used = thing;\n`;
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

const BOUNDARY = 'Crosses a boundary.';
const FACE = 'A feature uses another feature only through its index.ts.';
const FLOOR = 'A feature imports only its own folder, components/, lib/, shell/ and src/shared.';

const CASES: { layer: string; file: string; refused: string[]; allowed: string[]; message?: string }[] = [
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
    layer: 'a feature uses another feature only through its face (a file at the top of its folder)',
    file: 'src/client/features/dashboard/planted.ts',
    refused: ['../quiz/assessment-state.ts', '../quiz/quiz-sync.ts', '../learning/learning.css', '../quiz'],
    allowed: ['../quizzes/index.ts', './use-dashboard.ts', './dashboard.css'],
    message: FACE,
  },
  {
    layer: 'a feature uses another feature only through its face (a file one folder down)',
    file: 'src/client/features/test-yourself/screens/planted.tsx',
    refused: ['../../quiz/components/question-card.tsx', '../../questions/back-office.css'],
    allowed: ['../../quiz/index.ts', '../use-practice.ts', '../components/topic-picker.tsx'],
    message: FACE,
  },
  {
    layer: 'a feature uses another feature only through its face (a file two folders down)',
    file: 'src/client/features/quiz/components/answers/planted.tsx',
    refused: ['../../../quizzes/use-my-assessments.ts'],
    allowed: ['../../../quizzes/index.ts', '../../quiz-sync.ts', '../choice-answers.tsx'],
    message: FACE,
  },
  {
    layer: 'a feature imports components, lib, shell and src/shared, nothing else of the client',
    file: 'src/client/features/quiz/planted.ts',
    refused: ['../../main.tsx', '../../start-prefetch.ts', '../../styles.css', '../../../bench/run.ts'],
    allowed: ['../../components/styles/quiz.css', '../../lib/outbox.ts', '../../shell/session.ts'],
    message: FLOOR,
  },
  {
    layer: 'a feature imports components, lib, shell and src/shared (a file one folder down)',
    file: 'src/client/features/quiz/screens/planted.tsx',
    refused: ['../../../prerender.tsx', '../../../../scripts/vite-chunks.ts'],
    allowed: ['../../../components/toast.tsx', '../../../../shared/constants.ts'],
    message: FLOOR,
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
  for (const { layer, file, refused, allowed, message = BOUNDARY } of CASES) {
    describe(layer, () => {
      it.each(refused)(`refuses %s in ${file}`, async (specifier) => {
        expect(await boundaryErrors(file, specifier)).toEqual([
          `'${specifier}' import is restricted from being used by a pattern. ${message}`,
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
