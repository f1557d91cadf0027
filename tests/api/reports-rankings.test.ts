import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACTIVITY_COLUMNS,
  INACTIVE_COLUMNS,
  reportGrid,
  SCHOOL_RANK_COLUMNS,
  STUDENT_RANK_COLUMNS,
} from '../../src/shared/report-tables.ts';
import type { StudentRank } from '../../src/shared/contracts/reports.ts';
import { newId } from './factories/learning.ts';
import { takingHelpers } from './factories/taking.ts';
import { createUser } from './factories/users.ts';
import { dialects, type TestApp } from './helpers.ts';
import { reportCalls, startReports, type ReportsWorld } from './reports-setup.ts';

/**
 * Reports on a small hand-made dataset: four students of the demo school answer a three-question quiz in a
 * known pattern (totals 100, 67, 33, 0), so facility and point-biserial can be worked out on paper.
 *
 * Here: the rankings, their CSV and the student's board (item analysis: reports.test.ts).
 */
describe.each(dialects)('reports (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let schoolA: number;
  let teacherA: string;
  let quiz: number;
  let q: number[];
  let students: ReportsWorld['students'];
  beforeAll(async () => {
    ({ t, admin, schoolA, teacherA, quiz, q, students } = await startReports(dialect));
  });
  afterAll(() => t?.close());
  const { json, csvMatches, csvOf } = reportCalls(() => t);
  const take = takingHelpers(
    () => t,
    () => admin,
  );

  it('ranks students by score, and the CSV of every table matches its JSON, formulas escaped', async () => {
    const { body, csv } = await csvMatches(
      `/api/admin/reports/rankings/students?school_id=${schoolA}&per_page=100`,
      teacherA,
      STUDENT_RANK_COLUMNS,
    );
    // The demo school has seeded students too: ours keep their order and their competition ranks rise.
    const all = (body as { data: Array<{ user_id: number; rank: number; average_score: number }> }).data;
    const ours = students.map((s) => all.find((r) => r.user_id === s.id)!);
    expect(ours.map((r) => r.average_score)).toEqual([100, 67, 33, 0]);
    expect(ours.every((r, i) => i === 0 || r.rank > ours[i - 1]!.rank)).toBe(true);
    expect(all.map((r) => r.rank)).toEqual([...all.map((r) => r.rank)].sort((a, b) => a - b));
    // The student named "=HYPERLINK(...)" is exported as text, not as a formula.
    expect(csv).toContain(`"'=HYPERLINK(""http://x"") Bo"`);
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);

    await csvMatches('/api/admin/reports/rankings/schools?sort=progress', admin, SCHOOL_RANK_COLUMNS);
    await csvMatches('/api/admin/reports/activity?days=7', teacherA, ACTIVITY_COLUMNS);
    const inactive = await csvMatches('/api/admin/reports/inactive?days=1', teacherA, INACTIVE_COLUMNS);
    const ids = (inactive.body as { data: Array<{ user_id: number }> }).data.map((r) => r.user_id);
    expect(ids).not.toContain(students[0]!.id);
    // The export of a page holds every row of its filter, not the page (reports-teacher.test.ts has more).
    const everyRow = await json<{ data: StudentRank[] }>(
      '/api/admin/reports/rankings/students?per_page=100&sort=progress',
      admin,
    );
    expect(
      await csvOf('/api/admin/reports/rankings/students/export?per_page=2&page=2&sort=progress', admin),
    ).toEqual(reportGrid(STUDENT_RANK_COLUMNS, everyRow.data));
    expect(everyRow.data.length).toBeGreaterThan(4);
  });

  it('gives a student a relative board, and opting out removes them from every ranking others see', async () => {
    const [ada, bo, cy] = students;
    const board = await json<{ rank: number; total: number; rows: Array<{ name: string; me: boolean }> }>(
      '/api/my/ranking',
      ada!.token,
    );
    expect(board.rank).toBeGreaterThan(0);
    expect(board.rows.find((r) => r.me)?.name).toBe('Ada Right (you)');
    // Others appear by first name and initial only.
    for (const r of board.rows.filter((x) => !x.me)) expect(r.name).toMatch(/^\S+( \S\.)?$/);
    expect(board.rows.length).toBeLessThanOrEqual(7);

    const before = await json<{ data: Array<{ user_id: number; rank: number }> }>(
      `/api/admin/reports/rankings/students?school_id=${schoolA}&per_page=100`,
      admin,
    );
    const off = await t.request({
      method: 'PUT',
      url: '/api/my/ranking/visibility',
      token: bo!.token,
      payload: { visible: false },
    });
    expect(off.json()).toEqual({ visible: false });
    expect(await json('/api/my/ranking/visibility', bo!.token)).toEqual({ visible: false });

    const ranking = await json<{ data: Array<{ user_id: number; rank: number }> }>(
      `/api/admin/reports/rankings/students?school_id=${schoolA}&per_page=100`,
      admin,
    );
    expect(ranking.data.map((r) => r.user_id)).not.toContain(bo!.id);
    expect(ranking.data.find((r) => r.user_id === cy!.id)!.rank).toBeLessThan(
      before.data.find((r) => r.user_id === cy!.id)!.rank,
    );
    const after = await json<{ total: number }>('/api/my/ranking', ada!.token);
    expect(after.total).toBe(board.total - 1);
    expect(await json('/api/my/ranking', bo!.token)).toMatchObject({ visible: false, rows: [] });

    await t.request({
      method: 'PUT',
      url: '/api/my/ranking/visibility',
      token: bo!.token,
      payload: { visible: true },
    });
    const back = await json<{ data: Array<{ user_id: number }> }>(
      `/api/admin/reports/rankings/students?school_id=${schoolA}&per_page=100`,
      admin,
    );
    expect(back.data.map((r) => r.user_id)).toContain(bo!.id);
  });

  it('counts an attempt submitted after the rankings were first read', async () => {
    const late = await createUser(t, { school_id: schoolA, taken_diagnostics: 1, full_name: 'Ev Late' });
    const token = await t.login(late.email, late.password);
    const attempt = newId();
    await take.start(token, quiz, attempt);
    await take.save(token, attempt, q[0]!, { type: 'single_choice', choice: 'o2' });
    await take.save(token, attempt, q[1]!, { type: 'true_false', value: true });
    await take.save(token, attempt, q[2]!, { type: 'single_choice', choice: 'o2' });
    expect((await take.submit(token, attempt)).statusCode).toBe(200);
    await t.ctx.tasks.idle();
    const ranking = await json<{ data: Array<{ user_id: number; average_score: number; attempts: number }> }>(
      `/api/admin/reports/rankings/students?school_id=${schoolA}&per_page=100`,
      admin,
    );
    expect(ranking.data.find((r) => r.user_id === late.id)).toMatchObject({
      average_score: 100,
      attempts: 1,
    });
    const items = await json<{ assessment: { attempts: number } }>(
      `/api/admin/reports/item-analysis/${quiz}`,
      admin,
    );
    expect(items.assessment.attempts).toBe(5);
  });
});
