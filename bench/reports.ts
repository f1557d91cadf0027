// Reports at scale: 10,000 students and 1,000,000 answers, on SQLite and on PostgreSQL. The generator runs
// once per database (bulk inserts, outside the timed part) and the data is kept for the next run; then the
// rankings and item analysis are asked for one request at a time over HTTP, next to a bare Fastify route in
// the same process, and their p99 go to .tmp/bench/results.json.
// Run on its own: `node bench/reports.ts` (both databases when PostgreSQL is reachable).
import { saveRunFigures } from './results.ts';
import type { Figure } from './api.ts';
import { percentile } from './learning.ts';
import { ensurePostgres } from './reports-bulk.ts';
import { STUDENTS } from './reports-data.ts';
import { measureOne, WARM_UP, type ReportsRun } from './reports-measure.ts';

export const REPORTS_PG_URL =
  process.env.BENCH_REPORTS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/pathbuilder_bench_reports';

const f = (value: number): Figure => ({ value: Math.round(value * 100) / 100, unit: 'ms' });

function figuresOf(suffix: string, r: ReportsRun): Record<string, Figure> {
  return {
    [`reports.ranking.p99_ms${suffix}`]: f(percentile(r.ranking, 99)),
    [`reports.item_analysis.p99_ms${suffix}`]: f(percentile(r.items, 99)),
    [`bare.p99_ms${suffix}`]: f(percentile(r.bare, 99)),
    [`reports.ranking.p50_ms${suffix}`]: f(percentile(r.ranking, 50)),
    [`reports.item_analysis.p50_ms${suffix}`]: f(percentile(r.items, 50)),
  };
}

/**
 * Both databases (PostgreSQL when reachable). Names: `.sqlite` / `.postgres` suffixes, and the plain names
 * for SQLite. `bare.p99_ms` here is the bare route asked one request at a time, like the reports.
 */
export async function measureReports(): Promise<{ figures: Record<string, Figure>; report: string }> {
  const figures: Record<string, Figure> = {};
  const lines = ['database     ranking p50/p99 ms   item analysis p50/p99 ms   bare p99 ms   answers'];
  const line = (name: string, r: ReportsRun) =>
    `${name.padEnd(12)} ${`${percentile(r.ranking, 50).toFixed(1)} / ${percentile(r.ranking, 99).toFixed(1)}`.padStart(
      19,
    )}   ${`${percentile(r.items, 50).toFixed(1)} / ${percentile(r.items, 99).toFixed(1)}`.padStart(24)}   ${percentile(
      r.bare,
      99,
    )
      .toFixed(2)
      .padStart(11)}   ${r.answers.toLocaleString('en-US')}`;
  const sqlite = await measureOne(undefined);
  Object.assign(figures, figuresOf('', sqlite), figuresOf('.sqlite', sqlite));
  lines.push(line('SQLite', sqlite));
  if (process.env.BENCH_REPORTS_SQLITE_ONLY) lines.push('PostgreSQL: skipped (BENCH_REPORTS_SQLITE_ONLY)');
  else if (await ensurePostgres(REPORTS_PG_URL)) {
    const postgres = await measureOne(REPORTS_PG_URL);
    Object.assign(figures, figuresOf('.postgres', postgres));
    lines.push(line('PostgreSQL', postgres));
  } else lines.push(`PostgreSQL: not reachable at ${new URL(REPORTS_PG_URL).host}; skipped`);
  const report = `Reports with ${STUDENTS.toLocaleString('en-US')} students (one request at a time, after ${WARM_UP} untimed)\n${lines.join('\n')}`;
  return { figures, report };
}

if (import.meta.main) {
  const { figures, report } = await measureReports();
  console.log(report);
  saveRunFigures(figures);
}
