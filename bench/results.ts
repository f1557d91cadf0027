// The shared figures file of every bench: `.tmp/bench/results.json` as {"name": {"value": n, "unit": "…"}}.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

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
