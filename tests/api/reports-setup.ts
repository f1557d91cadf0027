import { expect } from 'vitest';
import { parseCsv } from '../../src/server/plugins/csv.ts';
import type { ReportColumn } from '../../src/shared/report-tables.ts';
import { reportGrid } from '../../src/shared/report-tables.ts';
import { createAssessment, newId } from './factories/learning.ts';
import { takingHelpers } from './factories/taking.ts';
import { createUser } from './factories/users.ts';
import { startTestApp, type DialectName, type TestApp } from './helpers.ts';

/**
 * What the reports*.test.ts files share: a small hand-made dataset. Four students of the demo school answer a
 * three-question quiz in a known pattern (totals 100, 67, 33, 0), so facility and point-biserial can be worked
 * out on paper; a second school has a teacher of its own.
 */
export interface ReportsWorld {
  t: TestApp;
  admin: string;
  schoolA: number;
  teacherA: string;
  teacherB: string;
  schoolB: number;
  quiz: number;
  q: number[];
  students: Array<{ id: number; token: string; attempt: string }>;
}

export async function startReports(dialect: DialectName): Promise<ReportsWorld> {
  const students: ReportsWorld['students'] = [];
  const t = await startTestApp(dialect);
  const admin = await t.login('admin@pathbuilder.test');
  const take = takingHelpers(
    () => t,
    () => admin,
  );
  const teacherA = await t.login('teacher@pathbuilder.test');
  const schoolA = (
    await t.ctx.db
      .selectFrom('users')
      .select('school_id')
      .where('email', '=', 'student@pathbuilder.test')
      .executeTakeFirstOrThrow()
  ).school_id!;
  const location = await t.ctx.db.selectFrom('locations').select('id').executeTakeFirstOrThrow();
  const schoolB = (
    await t.ctx.db
      .insertInto('schools')
      .values({
        name: 'Other Reports School',
        location_id: location.id,
        created_at: new Date().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const tb = await createUser(t, { is_teacher: 1, school_id: schoolB });
  await t.ctx.db.insertInto('teacher_schools').values({ user_id: tb.id, school_id: schoolB }).execute();
  const teacherB = await t.login(tb.email, tb.password);

  const q = (await take.freshQuestions(['single_choice', 'true_false', 'single_choice'])).ids;
  const quiz = await createAssessment(t, admin, {
    question_ids: q,
    review_policy: 'after_submit',
    school_ids: [schoolA],
  });
  // [q1, q2, q3] answers: o2 is the key of single choice (contentOf), true of true/false.
  const patterns = [
    ['o2', true, 'o2'],
    ['o2', true, 'o1'],
    ['o1', true, 'o3'],
    ['o3', false, 'o1'],
  ] as const;
  const names = ['Ada Right', '=HYPERLINK("http://x") Bo', 'Cy Middle', 'Di Low'];
  for (const [i, [a1, a2, a3]] of patterns.entries()) {
    const s = await createUser(t, { school_id: schoolA, taken_diagnostics: 1, full_name: names[i] });
    const token = await t.login(s.email, s.password);
    const attempt = newId();
    const started = await take.start(token, quiz, attempt);
    expect(started.statusCode, started.body).toBeLessThan(300);
    await take.save(token, attempt, q[0]!, { type: 'single_choice', choice: a1 });
    await take.save(token, attempt, q[1]!, { type: 'true_false', value: a2 });
    await take.save(token, attempt, q[2]!, { type: 'single_choice', choice: a3 });
    expect((await take.submit(token, attempt)).statusCode).toBe(200);
    students.push({ id: s.id, token, attempt });
  }
  await t.ctx.tasks.idle();
  return { t, admin, schoolA, teacherA, teacherB, schoolB, quiz, q, students };
}

/** Reading reports on the app `app()` gives. */
export function reportCalls(app: () => TestApp) {
  const get = (url: string, token: string) => app().request({ method: 'GET', url, token });
  const json = async <T>(url: string, token: string): Promise<T> => {
    const res = await get(url, token);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
  /** A CSV export's cells, formula guards taken off. */
  async function csvOf(url: string, token: string): Promise<string[][]> {
    const res = await get(url, token);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    const unguard = (v: string) => (/^'[=+\-@]/.test(v) ? v.slice(1) : v);
    return parseCsv(res.body).map((r) => r.map(unguard));
  }
  /** The CSV export says the same as the JSON: header = the columns, rows = their cells. */
  async function csvMatches<R>(url: string, token: string, columns: ReportColumn<R>[]) {
    const [path, query = ''] = url.split('?');
    const body = await json<{ data: R[] }>(url, token);
    const res = await get(`${path}/export${query ? `?${query}` : ''}`, token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const unguard = (v: string) => (/^'[=+\-@]/.test(v) ? v.slice(1) : v);
    expect(parseCsv(res.body).map((r) => r.map(unguard))).toEqual(reportGrid(columns, body.data));
    return { body, csv: res.body };
  }
  return { get, json, csvMatches, csvOf };
}
