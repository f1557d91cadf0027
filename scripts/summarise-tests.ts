// CI's closing line "N passed, N failed, N skipped" for the whole run, after the flaky and skipped tests by
// name (scripts/test-reports.ts says how each outcome counts: a flaky test is a failure). vitest and
// Playwright each write a JSON report in REPORTS_DIR (default .tmp/reports); the steps without a report of
// their own come in STEP_RESULTS ("name:rc,…") and count as one test each.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  addPlaywright,
  addSteps,
  addVitest,
  emptyTally,
  formatTally,
  type PlaywrightReport,
  type VitestReport,
} from './test-reports.ts';

const dir = process.env.REPORTS_DIR ?? '.tmp/reports';
const read = <T>(file: string): T | null =>
  existsSync(join(dir, file)) ? (JSON.parse(readFileSync(join(dir, file), 'utf8')) as T) : null;

const tally = emptyTally();
for (const project of ['unit', 'api', 'hosts']) {
  const report = read<VitestReport>(`${project}.json`);
  if (report) addVitest(tally, report, project);
}
const e2e = read<PlaywrightReport>('e2e.json');
if (e2e) addPlaywright(tally, e2e);
addSteps(tally, process.env.STEP_RESULTS ?? '');

console.log(formatTally(tally).join('\n'));
