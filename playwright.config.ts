import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.ts';

// E2E_PORT lets two runs share a machine (each with a database of its own).
const PORT = Number(process.env.E2E_PORT ?? 4180);
const DATA_DIR = PORT === 4180 ? '.tmp/e2e-data' : `.tmp/e2e-data-${PORT}`;
// The Node that runs Playwright (Node 24 through npm/npx) also runs the server: plain `node` on
// PATH may be an older one.
const node = JSON.stringify(process.execPath);
const wipeData = `${node} -e "require('node:fs').rmSync('${DATA_DIR}', { recursive: true, force: true })"`;

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  workers: 2,
  // In CI a failed test is tried once more, so that one that then passes is named as flaky
  // (scripts/summarise-tests.ts lists it); it still fails the run: flaky is a defect, never a pass.
  retries: process.env.CI ? 1 : 0,
  failOnFlakyTests: Boolean(process.env.CI),
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: '.tmp/reports/e2e.json' }]],
  // Visual baselines (screenshots.spec.ts), one folder per spec, kept in git.
  snapshotPathTemplate: '{testDir}/__screenshots__/{testFileName}/{arg}{ext}',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    // The sidebar starts open at 992 px and wider (spec 2.5): the tests read it without toggling.
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      // The system Chromium; never `playwright install`.
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  // The diagnostic spec takes the whole diagnostic as new.student@pathbuilder.test, which unlocks that
  // account's menu for good; the navigation spec checks that menu is still locked, so the diagnostic runs
  // last, once everything else is done, on the same server and database.
  projects: [
    { name: 'main', testIgnore: 'learning-diagnostic.spec.ts' },
    { name: 'diagnostic', testMatch: 'learning-diagnostic.spec.ts', dependencies: ['main'] },
  ],
  // Serves the already built dist/ (npm test runs `npm run build` first) on a fresh demo database.
  webServer: {
    command: `${wipeData} && ${node} src/server/main.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      SEED: 'demo',
      // The suite registers its own students (several per spec file) from one address, as a class behind
      // one school NAT would; the README says to raise the limit then. The limit itself is tested in the API
      // suite (tests/api).
      REGISTRATIONS_PER_HOUR: '1000',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // A parallel run can build the client elsewhere (vite build --outDir dist-x) and serve that.
      STATIC_DIR: process.env.STATIC_DIR ?? 'dist',
    },
  },
});
