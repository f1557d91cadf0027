import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NeedsAttention } from '../../src/shared/contracts/needs-attention.ts';
import type { Activity, InactiveStudent, StudentRank } from '../../src/shared/contracts/reports.ts';
import { dateTimeText } from '../../src/shared/date-text.ts';
import { inactiveColumns, reportGrid, STUDENT_RANK_COLUMNS } from '../../src/shared/report-tables.ts';
import { createUser } from './factories/users.ts';
import { dialects, type TestApp } from './helpers.ts';
import { reportCalls, startReports, type ReportsWorld } from './reports-setup.ts';

/**
 * What teachers act on (issue 24, items 7 and 14): "Needs attention" on the dashboard, assigning practice
 * from a student's profile, counts of active and inactive students that add up, and CSV exports that hold
 * every row of their filter. On the reports' hand-made world: four students of the demo school (teacher A)
 * took a quiz today; school B has a teacher of its own.
 */
describe.each(dialects)('teacher actions (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let schoolA: number;
  let schoolB: number;
  let teacherA: string;
  let teacherB: string;
  let students: ReportsWorld['students'];
  let quiet: { id: number; email: string; password: string };
  let topics: number[];
  beforeAll(async () => {
    ({ t, admin, schoolA, schoolB, teacherA, teacherB, students } = await startReports(dialect));
    // A student of school A who never did anything, and one asking to join school A.
    quiet = await createUser(t, { school_id: schoolA, taken_diagnostics: 1, full_name: 'Quinn Quiet' });
    const asking = await createUser(t, { school_id: null, full_name: 'Asha Asking' });
    await t.ctx.db
      .insertInto('school_requests')
      .values({
        user_id: asking.id,
        school_id: schoolA,
        status: 'pending',
        created_at: new Date().toISOString(),
      })
      .execute();
    topics = (await t.ctx.db.selectFrom('micro_topics').select('id').orderBy('id').limit(2).execute()).map(
      (r) => r.id,
    );
  });
  afterAll(() => t?.close());
  const { get, json, csvOf } = reportCalls(() => t);
  const assign = (token: string | undefined, id: number, payload: unknown) =>
    t.request({ method: 'POST', url: `/api/admin/users/${id}/practice`, token, payload: payload as object });

  it('shows a teacher what needs them in their own schools: requests to join, quiet students, weak topics', async () => {
    const mine = await json<NeedsAttention>('/api/admin/needs-attention', teacherA);
    expect(mine.join_requests.total).toBeGreaterThanOrEqual(1);
    expect(mine.join_requests.latest.map((r) => r.full_name)).toContain('Asha Asking');
    // Quiet for 14 days: the same students, and as many, as the Inactive students report for 14 days.
    const report = await json<{ data: InactiveStudent[]; meta: { total: number } }>(
      '/api/admin/reports/inactive?days=14&per_page=100',
      teacherA,
    );
    expect(mine.inactive).toMatchObject({ days: 14, total: report.meta.total });
    expect(mine.inactive.students.map((s) => s.user_id)).toEqual(
      report.data.slice(0, 5).map((r) => r.user_id),
    );
    expect(report.data.map((r) => r.user_id)).toContain(quiet.id);
    expect(report.data.map((r) => r.user_id)).not.toContain(students[0]!.id);
    // Weak topics come from their students' answers, weakest first.
    expect(mine.weak_topics.length).toBeGreaterThan(0);
    for (const w of mine.weak_topics) expect(w.not_mastered).toBeGreaterThan(0);
    const means = mine.weak_topics.map((w) => w.average_mastery);
    expect(means).toEqual([...means].sort((a, b) => a - b));

    // Another school's teacher sees none of school A: not its request, not its students.
    const theirs = await json<NeedsAttention>('/api/admin/needs-attention', teacherB);
    expect(theirs.join_requests.latest.map((r) => r.full_name)).not.toContain('Asha Asking');
    expect(theirs.inactive.students.map((s) => s.user_id)).not.toContain(quiet.id);
    expect(theirs.weak_topics).toEqual([]);
    // The admin sees every school's.
    const all = await json<NeedsAttention>('/api/admin/needs-attention', admin);
    expect(all.join_requests.total).toBeGreaterThanOrEqual(mine.join_requests.total);
    expect(all.inactive.total).toBeGreaterThanOrEqual(mine.inactive.total);

    const student = await t.login(
      (await createUser(t, { school_id: schoolA })).email,
      'correct-horse-battery',
    );
    expect((await get('/api/admin/needs-attention', student)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/needs-attention' })).statusCode).toBe(401);
  });

  it('counts each active student once, and active plus inactive make every student', async () => {
    const activity = await json<Activity>(
      `/api/admin/reports/activity?days=30&school_id=${schoolA}`,
      teacherA,
    );
    const inactive = await json<{ meta: { total: number } }>(
      `/api/admin/reports/inactive?days=30&school_id=${schoolA}`,
      teacherA,
    );
    const { totals, data } = activity;
    expect(totals.active + totals.inactive).toBe(totals.students);
    expect(totals.inactive).toBe(inactive.meta.total);
    // The four took their quiz today: today's row counts them, the period counts them once however many days.
    expect(data[0]!.active_students).toBeGreaterThanOrEqual(4);
    expect(totals.active).toBeGreaterThanOrEqual(data[0]!.active_students);
    expect(totals.active).toBeLessThanOrEqual(totals.students);
    const students30 = await json<{ meta: { total: number } }>(
      `/api/admin/reports/rankings/students?school_id=${schoolA}`,
      admin,
    );
    // Rankings leave out those who opted out; nobody has here, so the same students.
    expect(students30.meta.total).toBe(totals.students);
  });

  it('exports every row of the filter, not the page, with the dates in the time zone the reader gives', async () => {
    const everyRow = await json<{ data: InactiveStudent[] }>(
      `/api/admin/reports/inactive?days=1&per_page=100&school_id=${schoolA}`,
      teacherA,
    );
    expect(everyRow.data.length).toBeGreaterThan(1);
    const res = await get(
      `/api/admin/reports/inactive/export?days=1&per_page=1&page=2&school_id=${schoolA}&tz=Pacific%2FAuckland`,
      teacherA,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="pathbuilder-inactive-students-for-1-days-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const grid = await csvOf(
      `/api/admin/reports/inactive/export?days=1&per_page=1&page=2&school_id=${schoolA}&tz=Pacific%2FAuckland`,
      teacherA,
    );
    expect(grid).toEqual(reportGrid(inactiveColumns('Pacific/Auckland'), everyRow.data));
    const seen = everyRow.data.find((r) => r.last_active_at);
    if (seen) expect(grid.flat()).toContain(dateTimeText(seen.last_active_at!, 'Pacific/Auckland'));

    const ranking = await json<{ data: StudentRank[] }>(
      `/api/admin/reports/rankings/students?per_page=100&school_id=${schoolA}`,
      teacherA,
    );
    expect(
      await csvOf(`/api/admin/reports/rankings/students/export?per_page=1&school_id=${schoolA}`, teacherA),
    ).toEqual(reportGrid(STUDENT_RANK_COLUMNS, ranking.data));

    // A time zone nobody has is refused; another school's export stays refused.
    const bad = await get('/api/admin/reports/inactive/export?tz=Mars%2FOlympus', teacherA);
    expect(bad.statusCode).toBe(422);
    expect((await get(`/api/admin/reports/inactive/export?school_id=${schoolA}`, teacherB)).statusCode).toBe(
      403,
    );
  });

  it("lets a teacher assign practice to their own school's student: a notification to Test Yourself, audited", async () => {
    const [ada] = students;
    const res = await assign(teacherA, ada!.id, {
      micro_topic_ids: topics,
      message: 'Before Friday, please.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const link = `/test-your-self?topics=${topics.join(',')}`;
    expect(res.json()).toMatchObject({ student: { id: ada!.id }, link });
    const note = await t.ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('user_id', '=', ada!.id)
      .where('link', '=', link)
      .executeTakeFirst();
    expect(note?.title).toBe('Practice for you');
    expect(note?.body).toContain('Before Friday, please.');
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .selectAll()
      .where('target_user_id', '=', ada!.id)
      .where('action', '=', 'assign_practice')
      .execute();
    expect(audit).toHaveLength(1);
    // The student sees it in their own list.
    const list = await get(`/api/usernotifications?user_id=${ada!.id}`, ada!.token);
    expect(list.body).toContain(link);
  });

  it('refuses practice for another school, from a student, for topics that do not exist, or for no topic', async () => {
    const [ada, bo] = students;
    // Another school's teacher: 403, and nothing is sent.
    expect((await assign(teacherB, ada!.id, { micro_topic_ids: topics })).statusCode).toBe(403);
    expect((await assign(bo!.token, ada!.id, { micro_topic_ids: topics })).statusCode).toBe(403);
    expect((await assign(undefined, ada!.id, { micro_topic_ids: topics })).statusCode).toBe(401);
    const missing = await assign(teacherA, ada!.id, { micro_topic_ids: [topics[0]!, 2_000_000_000] });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.micro_topic_ids[0]).toContain('2000000000');
    const none = await assign(teacherA, ada!.id, { micro_topic_ids: [] });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.micro_topic_ids).toEqual(['Choose at least one topic.']);
    // Only students get practice; an unknown user is a 404.
    const teacher = await t.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'teacher@pathbuilder.test')
      .executeTakeFirstOrThrow();
    expect((await assign(admin, teacher.id, { micro_topic_ids: topics })).statusCode).toBe(422);
    expect((await assign(admin, 2_000_000_000, { micro_topic_ids: topics })).statusCode).toBe(404);
    const sent = await t.ctx.db
      .selectFrom('notifications')
      .select('id')
      .where('title', '=', 'Practice for you')
      .where('user_id', '=', bo!.id)
      .execute();
    expect(sent).toHaveLength(0);
    void schoolB;
  });
});
