// Reads the test reports of one run (vitest's JSON for unit and api, Playwright's JSON for e2e) into one
// tally: passed, failed, skipped, and the tests by name that failed, were flaky or were skipped.
//
// A flaky test (failed, then passed on Playwright's retry) is counted as FAILED: it is a defect to mend,
// never a pass. The retry is kept in CI so that such a test is named here rather than just failing. Vitest
// runs without retries (no `retry` in vite.config.ts), so its reports cannot hold a flaky test.
import { relative } from 'node:path';

export interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  /** "file › describe › title" of each test, by outcome. Flaky tests are in `failed` too. */
  failedNames: string[];
  flakyNames: string[];
  skippedNames: string[];
}

export function emptyTally(): Tally {
  return { passed: 0, failed: 0, skipped: 0, failedNames: [], flakyNames: [], skippedNames: [] };
}

export interface VitestReport {
  testResults: Array<{
    name: string;
    status: string;
    message?: string;
    assertionResults: Array<{ ancestorTitles: string[]; title: string; status: string }>;
  }>;
}

const path = (file: string, cwd: string) => relative(cwd, file) || file;
const named = (...parts: string[]) => parts.filter(Boolean).join(' › ');

/**
 * Vitest: `passed` passes, `failed` fails, `skipped`, `pending` and `todo` (and `disabled`) are skipped. A
 * file that failed without a failed test (it did not load, or a hook threw) counts as one failed test.
 */
export function addVitest(tally: Tally, report: VitestReport, project: string, cwd = process.cwd()): void {
  for (const file of report.testResults) {
    const where = path(file.name, cwd);
    let failedHere = 0;
    for (const test of file.assertionResults) {
      const name = `${project}: ${named(where, ...test.ancestorTitles, test.title)}`;
      if (test.status === 'passed') tally.passed++;
      else if (test.status === 'failed') {
        tally.failed++;
        failedHere++;
        tally.failedNames.push(name);
      } else {
        tally.skipped++;
        tally.skippedNames.push(name);
      }
    }
    if (file.status === 'failed' && failedHere === 0) {
      tally.failed++;
      tally.failedNames.push(`${project}: ${where} (the file failed: ${file.message || 'no test ran'})`);
    }
  }
}

interface PlaywrightSuite {
  title: string;
  file: string;
  specs?: Array<{
    title: string;
    file: string;
    tests: Array<{ projectName: string; status: 'expected' | 'unexpected' | 'flaky' | 'skipped' }>;
  }>;
  suites?: PlaywrightSuite[];
}

export interface PlaywrightReport {
  config?: { rootDir?: string };
  suites: PlaywrightSuite[];
  errors?: Array<{ message?: string }>;
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}

/**
 * Playwright, per test: `expected` passes, `unexpected` fails, `flaky` (passed only on a retry) fails and is
 * named apart, `skipped` is skipped. An error outside any test (the web server did not start, a worker
 * crashed) counts as one failed test.
 */
export function addPlaywright(tally: Tally, report: PlaywrightReport, cwd = process.cwd()): void {
  const root = report.config?.rootDir;
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs ?? []) {
      const file = root ? path(`${root}/${spec.file}`, cwd) : spec.file;
      for (const test of spec.tests) {
        const project = spec.tests.length > 1 ? ` [${test.projectName}]` : '';
        const name = `e2e: ${named(file, ...titles, spec.title)}${project}`;
        if (test.status === 'expected') tally.passed++;
        else if (test.status === 'skipped') {
          tally.skipped++;
          tally.skippedNames.push(name);
        } else {
          tally.failed++;
          tally.failedNames.push(name);
          if (test.status === 'flaky') tally.flakyNames.push(name);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top suites are the files: their title is the file name, already in each name.
  for (const suite of report.suites) walk(suite, []);
  for (const error of report.errors ?? []) {
    tally.failed++;
    tally.failedNames.push(`e2e: outside any test: ${(error.message ?? '').split('\n')[0]}`);
  }
}

/** The steps without a report of their own (install, lint, typecheck, build): "name:exit code". */
export function addSteps(tally: Tally, steps: string): void {
  for (const step of steps.split(',').filter(Boolean)) {
    if (step.endsWith(':0')) tally.passed++;
    else {
      tally.failed++;
      tally.failedNames.push(`step ${step.replace(/:(\d+)$/, ' (exit $1)')}`);
    }
  }
}

/**
 * The lines CI prints: the flaky and the skipped tests by name with their counts, the failed ones, and last
 * the closing line `N passed, N failed, N skipped`.
 */
export function formatTally(tally: Tally): string[] {
  const list = (title: string, names: string[]) => [
    `${title}: ${names.length}`,
    ...names.map((name) => `  - ${name}`),
  ];
  const failedOnly = tally.failedNames.filter((name) => !tally.flakyNames.includes(name));
  return [
    ...list('Flaky tests (passed only on a retry; counted as failed)', tally.flakyNames),
    ...list('Skipped tests', tally.skippedNames),
    ...(failedOnly.length ? list('Failed', failedOnly) : []),
    `${tally.passed} passed, ${tally.failed} failed, ${tally.skipped} skipped`,
  ];
}
