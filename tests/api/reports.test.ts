import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ITEM_COLUMNS } from '../../src/shared/report-tables.ts';
import { dialects, type TestApp } from './helpers.ts';
import { reportCalls, startReports, type ReportsWorld } from './reports-setup.ts';

/**
 * Reports on a small hand-made dataset: four students of the demo school answer a three-question quiz in a
 * known pattern (totals 100, 67, 33, 0), so facility and point-biserial can be worked out on paper.
 *
 * Here: item analysis, and what each role may read (rankings: reports-rankings.test.ts).
 */
describe.each(dialects)('reports (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let schoolA: number;
  let teacherA: string;
  let teacherB: string;
  let schoolB: number;
  let quiz: number;
  let students: ReportsWorld['students'];
  beforeAll(async () => {
    ({ t, admin, schoolA, teacherA, teacherB, schoolB, quiz, students } = await startReports(dialect));
  });
  afterAll(() => t?.close());
  const { get, json, csvMatches } = reportCalls(() => t);

  it('works out facility, point-biserial discrimination, options chosen and flags on paper data', async () => {
    const res = await json<{ assessment: { attempts: number }; data: Array<Record<string, unknown>> }>(
      `/api/admin/reports/item-analysis/${quiz}`,
      admin,
    );
    expect(res.assessment.attempts).toBe(4);
    const [i1, i2, i3] = res.data;
    // Totals 100, 67, 33, 0: σ = √1394.5 = 37.34.
    expect(i1).toMatchObject({ position: 1, answered: 4, facility: 0.5, discrimination: 0.9, flags: [] });
    expect(i2).toMatchObject({ facility: 0.75, discrimination: 0.77, flags: [] });
    expect(i2!.options).toEqual([
      { id: 'true', label: 'True', key: true, count: 3 },
      { id: 'false', label: 'False', key: false, count: 1 },
    ]);
    // q3: the key (Vygotsky) chosen once, Piaget twice: a distractor beats the key.
    expect(i3).toMatchObject({ facility: 0.25, discrimination: 0.77, flags: ['distractor'] });
    expect((i3!.options as Array<{ label: string; count: number }>).map((o) => [o.label, o.count])).toEqual([
      ['Piaget', 2],
      ['Vygotsky', 1],
      ['Erikson', 1],
    ]);
    await csvMatches(`/api/admin/reports/item-analysis/${quiz}`, admin, ITEM_COLUMNS);
  });

  it("scopes every report to a teacher's schools", async () => {
    const mine = await json<{ assessment: { attempts: number } }>(
      `/api/admin/reports/item-analysis/${quiz}`,
      teacherA,
    );
    expect(mine.assessment.attempts).toBe(4);
    // Another school's quiz: its stems and key flags are as private as the quiz itself (404, CSV too), with or
    // without the teacher's own school as the filter.
    for (const url of [
      `/api/admin/reports/item-analysis/${quiz}`,
      `/api/admin/reports/item-analysis/${quiz}/export`,
      `/api/admin/reports/item-analysis/${quiz}?school_id=${schoolB}`,
      `/api/admin/reports/item-analysis/${quiz}/export?school_id=${schoolB}`,
    ]) {
      const theirs = await get(url, teacherB);
      expect(theirs.statusCode, url).toBe(404);
      expect(theirs.body, url).not.toMatch(/"key":|Question|True/);
    }
    expect(
      (await get(`/api/admin/reports/rankings/students?school_id=${schoolA}`, teacherB)).statusCode,
    ).toBe(403);

    const dashA = await json<{ recent: Array<{ id: string }>; counts: { students: number } }>(
      '/api/admin/dashboard',
      teacherA,
    );
    expect(dashA.recent.map((r) => r.id)).toContain(students[0]!.attempt);
    const dashB = await json<{
      recent: Array<{ id: string }>;
      counts: { students: number; attempts: number };
    }>('/api/admin/dashboard', teacherB);
    expect(dashB.recent).toEqual([]);
    expect(dashB.counts).toMatchObject({ students: 0, attempts: 0 });

    const rankB = await json<{ data: unknown[] }>('/api/admin/reports/rankings/students', teacherB);
    expect(rankB.data).toEqual([]);
    const actB = await json<{ data: Array<{ attempts: number }> }>(
      '/api/admin/reports/activity?days=2',
      teacherB,
    );
    expect(actB.data.reduce((s, d) => s + d.attempts, 0)).toBe(0);
    const actA = await json<{ data: Array<{ attempts: number }> }>(
      '/api/admin/reports/activity?days=2',
      teacherA,
    );
    expect(actA.data.reduce((s, d) => s + d.attempts, 0)).toBeGreaterThanOrEqual(4);
    const assessmentsB = await json<{ data: Array<{ id: number }> }>(
      '/api/admin/reports/assessments',
      teacherB,
    );
    expect(assessmentsB.data.map((a) => a.id)).not.toContain(quiz);
    // The diagnostic is the admins' (a teacher cannot open it under Assessments): nor its item analysis.
    const diagnostic = await t.ctx.db
      .selectFrom('assessments')
      .select('id')
      .where('kind', '=', 'diagnostic')
      .executeTakeFirstOrThrow();
    const assessmentsA = await json<{ data: Array<{ id: number; kind: string }> }>(
      '/api/admin/reports/assessments',
      teacherA,
    );
    expect(assessmentsA.data.map((a) => a.id)).toContain(quiz);
    expect(assessmentsA.data.filter((a) => a.kind === 'diagnostic')).toEqual([]);
    expect((await get(`/api/admin/reports/item-analysis/${diagnostic.id}`, teacherA)).statusCode).toBe(404);
    expect((await get(`/api/admin/reports/item-analysis/${diagnostic.id}`, admin)).statusCode).toBe(200);
  });

  it('keeps students out of the back office reports and staff out of the student board', async () => {
    expect((await get('/api/admin/dashboard', students[0]!.token)).statusCode).toBe(403);
    expect((await get('/api/admin/reports/rankings/students', students[0]!.token)).statusCode).toBe(403);
    expect((await get('/api/my/ranking', teacherA)).statusCode).toBe(403);
    expect((await get('/api/admin/dashboard', '')).statusCode).toBe(401);
  });
});
