import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '../../src/server/plugins/csv.ts';
import type { ReportColumn } from '../../src/shared/report-tables.ts';
import {
  ACTIVITY_COLUMNS,
  INACTIVE_COLUMNS,
  ITEM_COLUMNS,
  reportGrid,
  SCHOOL_RANK_COLUMNS,
  STUDENT_RANK_COLUMNS,
} from '../../src/shared/report-tables.ts';
import { createAssessment, newId } from './factories/learning.ts';
import { takingHelpers } from './factories/taking.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

/**
 * Reports on a small hand-made dataset: four students of the demo school answer a three-question quiz in a
 * known pattern (totals 100, 67, 33, 0), so facility and point-biserial can be worked out on paper.
 */
describe.each(dialects)('reports (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  const take = takingHelpers(
    () => t,
    () => admin,
  );
  let schoolA: number;
  let teacherA: string;
  let teacherB: string;
  let schoolB: number;
  let quiz: number;
  let q: number[];
  const students: Array<{ id: number; token: string; attempt: string }> = [];

  const get = (url: string, token: string) => t.request({ method: 'GET', url, token });
  const json = async <T>(url: string, token: string): Promise<T> => {
    const res = await get(url, token);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json() as T;
  };
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

  beforeAll(async () => {
    t = await startTestApp(dialect);
    admin = await t.login('admin@pathbuilder.test');
    teacherA = await t.login('teacher@pathbuilder.test');
    schoolA = (
      await t.ctx.db
        .selectFrom('users')
        .select('school_id')
        .where('email', '=', 'student@pathbuilder.test')
        .executeTakeFirstOrThrow()
    ).school_id!;
    const location = await t.ctx.db.selectFrom('locations').select('id').executeTakeFirstOrThrow();
    schoolB = (
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
    teacherB = await t.login(tb.email, tb.password);

    q = (await take.freshQuestions(['single_choice', 'true_false', 'single_choice'])).ids;
    quiz = await createAssessment(t, admin, {
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
  });
  afterAll(() => t?.close());

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
    const paged = await csvMatches(
      '/api/admin/reports/rankings/students?per_page=2&page=2&sort=progress',
      admin,
      STUDENT_RANK_COLUMNS,
    );
    expect((paged.body as { data: unknown[] }).data).toHaveLength(2);
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

  it('keeps students out of the back office reports and staff out of the student board', async () => {
    expect((await get('/api/admin/dashboard', students[0]!.token)).statusCode).toBe(403);
    expect((await get('/api/admin/reports/rankings/students', students[0]!.token)).statusCode).toBe(403);
    expect((await get('/api/my/ranking', teacherA)).statusCode).toBe(403);
    expect((await get('/api/admin/dashboard', '')).statusCode).toBe(401);
  });
});
