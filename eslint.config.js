// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// Boundaries (STYLE.md habit 1): shared imports neither side, the client never imports the server,
// the server never imports the client.
const forbid = (...groups) => ({
  'no-restricted-imports': [
    'error',
    { patterns: groups.map((group) => ({ group, message: 'Crosses a boundary.' })) },
  ],
});

// ─── Server layers ──────────────────────────────────────────────────────────────────────────────────────
// Lowest first: src/shared < config.ts, db/, mail/, plugins/ < context.ts < features/* < file-readers.ts,
// seed/ < app.ts < main.ts. A lower file never imports a higher one, and a feature uses another feature only
// through its *.service.ts (never its repository or routes) or one of the few pure modules named below.
// Imports are matched as written (relative), so each block's patterns know how deep its files sit.
// (A later block's no-restricted-imports replaces an earlier one's, so every block repeats the client ban.)
const serverForbid = (...rules) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: [
        { group: ['**/client/**'], message: 'Crosses a boundary.' },
        ...rules.map(([regex, message]) => ({ regex, message })),
      ],
    },
  ],
});
/** Pure helpers a feature offers the others beside its service (no state, no SQL). */
const featurePublicModules = [
  'auth/tokens', // safeEqualHex, for the files feature's signed links
  'diagnostic/diagnostic-engine', // the diagnostic has no service: the engine is its public face
  'diagnostic/item-model', // a question's rates (slip, guess, "I don't know"), for the mastery model
  'diagnostic/item-fit', // learning them from answers, for the learning feature's refit
  'diagnostic/mastery-levels', // where P(mastered) becomes a level, for the mastery model too
  'learning/item-parameters', // the fitted rates, for attempts, questions and reports (and the sweep)
  'learning/mastery-model', // the mastery model's numbers, for attempts and reports
  'questions/question-types', // how each question type is checked and shuffled, for attempts
  'assessments/override-rules', // a student's own time, close and attempts (issue 27), for attempts
];
const DB_GROUND = 'db/ is the ground floor: it imports only packages, src/shared and db itself.';
const FEATURE_DOOR =
  'A feature uses another feature only through its *.service.ts (or a public module named in eslint.config.js).';
const FEATURE_FLOOR =
  'A feature imports only its own folder, db/, plugins/, mail/, config.ts, context.ts and src/shared.';
const BELOW_FEATURES = 'plugins/, mail/, config.ts and context.ts sit below the features: they import none.';
/** A feature's imports: its own folder, the floors below it, and other features through their doors. */
const featureRules = (publicModules) =>
  serverForbid(
    [
      `^\\.\\./(?!\\.\\./)(?![^/]+/[^/]+\\.service\\.ts$)(?!(${publicModules.join('|')})\\.ts$)`,
      FEATURE_DOOR,
    ],
    ['^\\.\\./\\.\\./(?!\\.\\./)(?!(db|plugins|mail)/|(config|context)\\.ts$)', FEATURE_FLOOR],
    ['^\\.\\./\\.\\./\\.\\./(?!shared/|\\.\\./)', FEATURE_FLOOR],
  );
const serverLayers = [
  {
    files: ['src/server/db/*.ts'],
    rules: serverForbid(
      ['^\\.\\./(?!\\.\\./)', DB_GROUND],
      ['^\\.\\./\\.\\./(?!shared/|\\.\\./)', DB_GROUND],
    ),
  },
  {
    files: ['src/server/db/*/**/*.ts'],
    ignores: ['src/server/db/migrations/**'],
    rules: serverForbid(
      ['^\\.\\./\\.\\./(?!\\.\\./)', DB_GROUND],
      ['^\\.\\./\\.\\./\\.\\./(?!shared/|\\.\\./)', DB_GROUND],
    ),
  },
  {
    // Frozen in time: a migration runs the same forever, whatever the application becomes.
    files: ['src/server/db/migrations/**/*.ts'],
    rules: serverForbid([
      '^(?!kysely$|node:|\\.\\./dialect\\.ts$)',
      'A migration is frozen in time: it imports only kysely, node: built-ins and ../dialect.ts.',
    ]),
  },
  { files: ['src/server/features/*/**/*.ts'], rules: featureRules(featurePublicModules) },
  {
    files: ['src/server/plugins/**/*.ts', 'src/server/mail/**/*.ts'],
    rules: serverForbid(
      ['^\\.\\./(?!\\.\\./)(?!(db|plugins|mail)/|config\\.ts$)', BELOW_FEATURES],
      ['^\\.\\./\\.\\./(?!shared/|\\.\\./)', BELOW_FEATURES],
    ),
  },
  {
    files: ['src/server/config.ts'],
    rules: serverForbid(['^\\./', BELOW_FEATURES], ['^\\.\\./(?!shared/|\\.\\./)', BELOW_FEATURES]),
  },
  {
    files: ['src/server/context.ts'],
    rules: serverForbid(
      ['^\\./(?!(db|plugins|mail)/|config\\.ts$)', BELOW_FEATURES],
      ['^\\.\\./(?!shared/|\\.\\./)', BELOW_FEATURES],
    ),
  },
];
// ─── End of server layers ───────────────────────────────────────────────────────────────────────────────

// ─── Client features ──────────────────────────────────────────────────────────────────────────────────────
const CLIENT_FACE = 'A feature uses another feature only through its index.ts.';
const CLIENT_FLOOR = 'A feature imports only its own folder, components/, lib/, shell/ and src/shared.';
/** The rules of a file `depth` folders below features/ (features/quiz/quiz.api.ts is 1 deep). */
const clientFeatureRules = (depth) => {
  const up = (n) => '\\.\\./'.repeat(n);
  return {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['**/server/**', '**/app/**'], message: 'Crosses a boundary.' },
          { regex: `^${up(depth)}(?!\\.\\./)(?![^/]+/index\\.ts$)`, message: CLIENT_FACE },
          { regex: `^${up(depth + 1)}(?!\\.\\./)(?!(components|lib|shell|app)/)`, message: CLIENT_FLOOR },
          { regex: `^${up(depth + 2)}(?!(shared|server)/)`, message: CLIENT_FLOOR },
        ],
      },
    ],
  };
};
// ─── End of client features ───────────────────────────────────────────────────────────────────────────────

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'dist-*',
      'data',
      'coverage',
      'test-results',
      'playwright-report',
      '.tmp',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...forbid(['**/server/**']) },
  },
  // Client layers (issue 23): src/shared < lib < components < shell < features < app. A lower layer never
  // imports a higher one, and only the app's composition and the entries that mount it import app/.
  // (Each block repeats the server ban: a later block's no-restricted-imports replaces an earlier one's.)
  {
    files: ['src/client/lib/**/*.{ts,tsx}'],
    rules: forbid(['**/server/**', '**/components/**', '**/shell/**', '**/features/**', '**/app/**']),
  },
  {
    files: ['src/client/components/**/*.{ts,tsx}'],
    rules: forbid(['**/server/**', '**/shell/**', '**/features/**', '**/app/**']),
  },
  {
    files: ['src/client/shell/**/*.{ts,tsx}'],
    rules: forbid(['**/server/**', '**/features/**', '**/app/**']),
  },
  // A feature imports its own folder, components/, lib/, shell/ and src/shared; another feature only through its
  // face, features/<feature>/index.ts (no app, no server). Imports are matched as written, so one block per depth.
  ...[1, 2, 3].map((depth) => ({
    files: [`src/client/features/*/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
    rules: clientFeatureRules(depth),
  })),
  {
    files: ['src/server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: forbid(['**/client/**']),
  },
  ...serverLayers,
  { files: ['src/shared/**/*.ts'], rules: forbid(['**/client/**', '**/server/**']) },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: globals.serviceworker },
    rules: forbid(['**/server/**', '**/client/**']),
  },
  {
    files: ['tests/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts', '*.config.{js,ts}'],
    languageOptions: { globals: globals.node },
  },
);
