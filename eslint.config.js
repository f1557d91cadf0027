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
  {
    files: ['src/client/features/**/*.{ts,tsx}'],
    rules: forbid(['**/server/**', '**/app/**']),
  },
  {
    files: ['src/server/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: forbid(['**/client/**']),
  },
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
