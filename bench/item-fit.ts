// Fitting item parameters at scale (issue 25): the product's own refit (learning/item-parameters.ts: every
// stored answer read as columns, EM, both tables replaced) over the reports bench's 10,000 students ×
// 1,000,000 answers, on SQLite and on PostgreSQL. Runs after the reports bench, which generates that data.
// Run on its own: `node bench/item-fit.ts`.
import { openDatabase } from '../src/server/db/database.ts';
import { migrateToLatest } from '../src/server/db/migrate.ts';
import { refitItemParameters } from '../src/server/features/learning/item-parameters.ts';
import type { Figure } from './api.ts';
import { ensurePostgres } from './reports-bulk.ts';
import { SQLITE_DIR } from './reports-data.ts';
import { REPORTS_PG_URL } from './reports.ts';
import { saveRunFigures } from './results.ts';

/** The goal: a refit of a school network's year of answers within a minute. */
export const FIT_GOAL_SECONDS = 60;

async function fitOne(databaseUrl: string | undefined) {
  const { db, dialect } = openDatabase({ databaseUrl, dataDir: SQLITE_DIR });
  try {
    await migrateToLatest(db, dialect);
    const done = await refitItemParameters(db, new Date());
    return { seconds: done.ms / 1000, answers: done.answers, students: done.students };
  } finally {
    await db.destroy();
  }
}

export async function measureItemFit(): Promise<{ figures: Record<string, Figure>; report: string }> {
  const figures: Record<string, Figure> = {};
  const lines = ['database     students   answers     refit s   (goal ≤ 60 s)'];
  const line = (name: string, r: Awaited<ReturnType<typeof fitOne>>) =>
    `${name.padEnd(12)} ${r.students.toLocaleString('en-US').padStart(8)}   ${r.answers.toLocaleString('en-US').padStart(9)}   ${r.seconds.toFixed(1).padStart(7)}`;
  const sqlite = await fitOne(undefined);
  figures['fit.items.seconds'] = { value: Math.round(sqlite.seconds * 100) / 100, unit: 's' };
  figures['fit.items.answers'] = { value: sqlite.answers, unit: 'answers' };
  lines.push(line('SQLite', sqlite));
  if (!process.env.BENCH_REPORTS_SQLITE_ONLY && (await ensurePostgres(REPORTS_PG_URL))) {
    const postgres = await fitOne(REPORTS_PG_URL);
    figures['pg.fit.items.seconds'] = { value: Math.round(postgres.seconds * 100) / 100, unit: 's' };
    lines.push(line('PostgreSQL', postgres));
  }
  return {
    figures,
    report: `Fitting item parameters from every stored answer (npm run fit-items)\n${lines.join('\n')}`,
  };
}

if (import.meta.main) {
  const { figures, report } = await measureItemFit();
  console.log(report);
  saveRunFigures(figures);
}
