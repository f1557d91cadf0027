// Every request a bench sends, to a yardstick or to a route it measures, must succeed: a figure made of
// error answers is not a figure (the answer-save floor once answered 500 to all of its 157,921 requests
// and its "rate" stood in the README as the plainest durable write). Each bench records what failed here;
// `finishBench` prints the list and makes the process exit non-zero, and results.json is then left alone.
import type { Result } from 'autocannon';

const failures: string[] = [];

/**
 * Requests of an autocannon run that did not succeed: answers outside 2xx and 3xx, and socket errors
 * (autocannon counts its timeouts among the errors as well as apart).
 */
export function failedRequests(result: Result): number {
  const codes = Object.entries(result.statusCodeStats ?? {});
  const badAnswers = codes.length
    ? codes.reduce((sum, [code, { count }]) => (/^[23]\d\d$/.test(code) ? sum : sum + count), 0)
    : result.non2xx;
  return badAnswers + result.errors;
}

export function recordFailure(label: string, detail: string): void {
  const line = `${label}: ${detail}`;
  failures.push(line);
  console.error(`FAILED ${line}`);
}

/** Records `label` as failed when any of its requests failed; returns the result to be used as before. */
export function checked(result: Result, label: string): Result {
  const failed = failedRequests(result);
  if (failed > 0) {
    const statuses = Object.entries(result.statusCodeStats ?? {})
      .filter(([code]) => !/^[23]\d\d$/.test(code))
      .map(([code, { count }]) => `${count} × ${code}`);
    const what = [...statuses, `${result.errors} socket errors`, `${result.timeouts} timeouts`];
    recordFailure(
      label,
      `${failed} of ${result.requests.total + result.errors} requests failed (${what.join(', ')})`,
    );
  }
  return result;
}

/**
 * Samples a figure called p99 needs: of 30 or 40 the "99th percentile" is simply the slowest one. A p99 taken
 * from fewer is recorded as a failure rather than printed under a name it does not deserve.
 */
export const MIN_P99_SAMPLES = 200;

export function requireP99Samples(label: string, samples: number): void {
  if (samples < MIN_P99_SAMPLES)
    recordFailure(label, `a p99 of ${samples} samples (at least ${MIN_P99_SAMPLES} make a 99th percentile)`);
}

/** The failures recorded so far in this process. */
export function recordedFailures(): readonly string[] {
  return [...failures];
}

/** Forgets the failures recorded so far (for tests). */
export function clearFailures(): void {
  failures.length = 0;
}

/**
 * Ends a bench: false, with every failure listed and a non-zero exit code set, when any request of a
 * yardstick or a measured route failed; true when the run's figures may be kept.
 */
export function finishBench(): boolean {
  if (!failures.length) return true;
  console.error(`\nbench FAILED: ${failures.length} measurement(s) had failed requests; figures not saved:`);
  for (const line of failures) console.error(`  - ${line}`);
  process.exitCode = 1;
  return false;
}
