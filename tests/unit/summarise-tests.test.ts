// @vitest-environment node
// CI's closing line: a test that passed only on its retry is a failure, named apart; skipped tests are
// counted and named; a vitest file that failed without a failed test is not lost.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  addPlaywright,
  addSteps,
  addVitest,
  emptyTally,
  formatTally,
  type PlaywrightReport,
  type VitestReport,
} from '../../scripts/test-reports.ts';

const FIXTURES = join(import.meta.dirname, 'fixtures', 'test-reports');
const fixture = <T>(name: string) => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as T;
const ROOT = join(import.meta.dirname, '..', '..');

describe('the test summary (scripts/summarise-tests.ts)', () => {
  it('counts a flaky e2e test as failed and names it; skipped ones are counted and named', () => {
    const tally = emptyTally();
    addPlaywright(tally, fixture<PlaywrightReport>('e2e.json'), '/repo');
    expect(tally).toMatchObject({ passed: 1, failed: 2, skipped: 1 });
    expect(tally.flakyNames).toEqual(['e2e: tests/e2e/quiz.spec.ts › the upload shows its progress']);
    expect(tally.skippedNames).toEqual([
      'e2e: tests/e2e/quiz.spec.ts › offline › answers wait in the outbox',
    ]);
    expect(tally.failedNames).toContain('e2e: tests/e2e/quiz.spec.ts › offline › the timer keeps running');
  });

  it('takes skipped, pending and todo vitest tests as skipped, and a file that failed to run as a failure', () => {
    const tally = emptyTally();
    addVitest(tally, fixture<VitestReport>('unit.json'), 'unit', '/repo');
    addVitest(tally, fixture<VitestReport>('api.json'), 'api', '/repo');
    expect(tally).toMatchObject({ passed: 3, failed: 2, skipped: 2 });
    expect(tally.skippedNames).toEqual([
      'unit: tests/unit/rich-text.test.ts › rebuilds links',
      'unit: tests/unit/rich-text.test.ts › later › quotes attributes',
    ]);
    expect(tally.failedNames).toEqual([
      'api: tests/api/files.test.ts › files › refuses a stranger',
      "api: tests/api/broken.test.ts (the file failed: Cannot find module './missing.ts')",
    ]);
  });

  it('prints the flaky and skipped lists, then the closing line last', () => {
    const tally = emptyTally();
    addPlaywright(tally, fixture<PlaywrightReport>('e2e.json'), '/repo');
    addSteps(tally, 'install:0,npm-test:1');
    const lines = formatTally(tally);
    expect(lines.slice(0, 4)).toEqual([
      'Flaky tests (passed only on a retry; counted as failed): 1',
      '  - e2e: tests/e2e/quiz.spec.ts › the upload shows its progress',
      'Skipped tests: 1',
      '  - e2e: tests/e2e/quiz.spec.ts › offline › answers wait in the outbox',
    ]);
    expect(lines).toContain('  - step npm-test (exit 1)');
    expect(lines.at(-1)).toBe('2 passed, 3 failed, 1 skipped');
  });

  it('as CI runs it: the lists from the reports, and "N passed, N failed, N skipped" as the last line', () => {
    const out = execFileSync(process.execPath, [join(ROOT, 'scripts', 'summarise-tests.ts')], {
      cwd: ROOT,
      env: { ...process.env, REPORTS_DIR: FIXTURES, STEP_RESULTS: 'install:0' },
      encoding: 'utf8',
    });
    const lines = out.trimEnd().split('\n');
    expect(lines).toContain('Flaky tests (passed only on a retry; counted as failed): 1');
    expect(lines).toContain('Skipped tests: 3');
    // unit 2 + api 1 + e2e 1 + the install step pass; api 2 and e2e 2 (one of them flaky) fail.
    expect(lines.at(-1)).toBe('5 passed, 4 failed, 3 skipped');
    expect(lines.at(-1)).toMatch(/^\d+ passed, \d+ failed(, \d+ skipped)?$/);
  });
});
