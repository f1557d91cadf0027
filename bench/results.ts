// The shared figures file of every bench: `.tmp/bench/results.json` as {"name": {"value": n, "unit": "…"}}.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { finishBench } from './failures.ts';

export type Figure = { value: number; unit: string };

export const RESULTS = join(import.meta.dirname, '..', '.tmp', 'bench', 'results.json');

/** Other benches write their own names into the same file: merge, never overwrite. */
export function saveFigures(figures: Record<string, Figure>): void {
  mkdirSync(join(RESULTS, '..'), { recursive: true });
  const existing = existsSync(RESULTS)
    ? (JSON.parse(readFileSync(RESULTS, 'utf8')) as Record<string, Figure>)
    : {};
  writeFileSync(RESULTS, JSON.stringify({ ...existing, ...figures }, null, 2) + '\n');
}

/** Where a failed run's figures go instead, to be looked at, never to be quoted. */
export const FAILED_RESULTS = join(RESULTS, '..', 'failed-run.json');

/**
 * The end of a bench: its figures merge into results.json only when every request it sent succeeded
 * (bench/failures.ts); otherwise the failures are listed, the exit code is non-zero and the figures go
 * to FAILED_RESULTS.
 */
export function saveRunFigures(figures: Record<string, Figure>): void {
  if (finishBench()) {
    saveFigures(figures);
    console.log(`\nfigures in ${RESULTS}`);
    return;
  }
  mkdirSync(join(RESULTS, '..'), { recursive: true });
  writeFileSync(FAILED_RESULTS, JSON.stringify(figures, null, 2) + '\n');
  console.error(`the failed run's figures: ${FAILED_RESULTS}`);
}
