// CI reads one closing line "N passed, N failed" for the whole run; vitest and Playwright each write a
// JSON report, and the steps without a report of their own (lint, typecheck, build) count as one test each.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;

for (const file of ['unit', 'api']) {
  const path = `.tmp/reports/${file}.json`;
  if (!existsSync(path)) continue;
  const report = JSON.parse(readFileSync(path, 'utf8')) as { numPassedTests: number; numFailedTests: number };
  passed += report.numPassedTests;
  failed += report.numFailedTests;
}

const e2ePath = '.tmp/reports/e2e.json';
if (existsSync(e2ePath)) {
  const report = JSON.parse(readFileSync(e2ePath, 'utf8')) as {
    stats: { expected: number; unexpected: number; flaky: number };
  };
  passed += report.stats.expected + report.stats.flaky;
  failed += report.stats.unexpected;
}

for (const step of (process.env.STEP_RESULTS ?? '').split(',').filter(Boolean)) {
  if (step.endsWith(':0')) passed++;
  else failed++;
}

console.log(`${passed} passed, ${failed} failed`);
