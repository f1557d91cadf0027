import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAttemptsService } from '../../src/server/features/attempts/attempts.service.ts';
import { createAssessmentsService } from '../../src/server/features/assessments/assessments.service.ts';
import { startIntegrityApp } from './assessment-integrity-setup.ts';
import { createAssessment, rightAnswer } from './factories/learning.ts';
import { takingHelpers } from './factories/taking.ts';
import { createUser } from './factories/users.ts';
import { dialects, type TestApp } from './helpers.ts';

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();
/** Now, on a whole second (the sessions of the test's users stay valid: no travel beyond hours ahead). */
const wholeSecond = () => Math.floor(Date.now() / 1000) * 1000;

/**
 * Accommodations and overrides (issue 27): a student's (or school's) extra time, close date and attempts at
 * one assessment, and the standing time multiplier on their record. The deadline, the offline grace,
 * auto-submit, starting and the student's lists all follow, and an attempt in progress follows at once.
 */
describe.each(dialects)('overrides (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let school: number;
  let otherSchool: number;
  let teacher: string;
  let otherTeacher: string;
  beforeAll(async () => {
    ({ t, admin, school } = await startIntegrityApp(dialect));
    const location = (await t.ctx.db
      .selectFrom('schools')
      .select('location_id')
      .where('id', '=', school)
      .executeTakeFirstOrThrow())!.location_id;
    otherSchool = (
      await t.request({
        method: 'POST',
        url: '/api/admin/schools',
        token: admin,
        payload: { name: 'Overrides Other School', location_id: location },
      })
    ).json().school.id;
    const teacherOf = async (s: number) => {
      const u = await createUser(t, { is_teacher: 1 });
      await t.ctx.db.insertInto('teacher_schools').values({ user_id: u.id, school_id: s }).execute();
      return t.login(u.email, u.password);
    };
    teacher = await teacherOf(school);
    otherTeacher = await teacherOf(otherSchool);
  });
  afterAll(() => t.close());
  afterEach(() => resetClock());

  const { travelTo, resetClock, start, save, submit, result, studentOf, freshQuestions } = takingHelpers(
    () => t,
    () => admin,
  );

  const put = (token: string, assessment: number, userId: number, payload: unknown) =>
    t.request({
      method: 'PUT',
      url: `/api/admin/assessments/${assessment}/overrides/${userId}`,
      token,
      payload: payload as object,
    });
  const remove = (token: string, assessment: number, userId: number) =>
    t.request({ method: 'DELETE', url: `/api/admin/assessments/${assessment}/overrides/${userId}`, token });
  const list = (token: string, assessment: number) =>
    t.request({ method: 'GET', url: `/api/admin/assessments/${assessment}/overrides`, token });
  const attemptRow = (id: string) =>
    t.ctx.db
      .selectFrom('attempts')
      .select(['status', 'deadline_at', 'grace_until', 'auto_submitted'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const sweep = () =>
    createAttemptsService(t.ctx, {
      assessments: createAssessmentsService(t.ctx, {
        teacherSchoolIds: async () => [],
        revealedByPractice: async () => [],
        audit: async () => {},
      }),
    }).sweepExpired();
  const mine = async (token: string, id: number) =>
    (
      (await t.request({ method: 'GET', url: '/api/my/assessments', token, query: { kind: 'exam' } })).json()
        .data as Array<Record<string, unknown>>
    ).find((a) => a.id === id)!;
  const auditRows = (targetId: number) =>
    t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after', 'actor_name'])
      .where('target_user_id', '=', targetId)
      .where('action', 'in', ['set_override', 'remove_override', 'set_time_multiplier'])
      .orderBy('id')
      .execute();

  /** A timed exam for the demo school, open now. */
  const timedExam = async (over: Record<string, unknown> = {}) => {
    const { ids } = await freshQuestions(['true_false', 'single_choice']);
    const id = await createAssessment(t, admin, {
      kind: 'exam',
      question_ids: ids,
      time_limit_minutes: 30,
      offline_grace_minutes: 0,
      attempts_allowed: 1,
      school_ids: [school],
      ...over,
    });
    return { id, ids };
  };

  describe('who may give an override', () => {
    it('lets a teacher give their own students extra time, and refuses another school’s teacher, a student, and a student of another school', async () => {
      const { id } = await timedExam();
      const mineStudent = await studentOf(school);
      const theirs = await studentOf(otherSchool);

      expect((await put(otherTeacher, id, mineStudent.id, { extra_minutes: 10 })).statusCode).toBe(403);
      expect((await put(mineStudent.token, id, mineStudent.id, { extra_minutes: 10 })).statusCode).toBe(403);
      expect((await list(mineStudent.token, id)).statusCode).toBe(403);
      expect((await list(otherTeacher, id)).statusCode).toBe(403);
      // A teacher of this exam's school, but the student is another school's.
      expect((await put(teacher, id, theirs.id, { extra_minutes: 10 })).statusCode).toBe(403);
      expect((await remove(otherTeacher, id, mineStudent.id)).statusCode).toBe(403);
      expect((await put(teacher, id, 999_999, { extra_minutes: 10 })).statusCode).toBe(404);
      expect((await list(teacher, id)).json().data).toEqual([]);

      const ok = await put(teacher, id, mineStudent.id, { extra_minutes: 10 });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().override).toMatchObject({ user_id: mineStudent.id, extra_minutes: 10 });
      const listed = (await list(teacher, id)).json().data;
      expect(listed).toHaveLength(1);
      expect(listed[0]).toMatchObject({ user_id: mineStudent.id, extra_minutes: 10 });
      expect(listed[0].student_name).toMatch(/Test User/);
      // The other school's teacher still cannot remove it; nothing changed.
      expect((await remove(otherTeacher, id, mineStudent.id)).statusCode).toBe(403);
      expect((await list(admin, id)).json().data).toHaveLength(1);
    });

    it('refuses bad input with 422 and changes nothing', async () => {
      const { id } = await timedExam();
      const s = await studentOf(school);
      for (const body of [
        {},
        { extra_minutes: null, time_multiplier: null },
        { time_multiplier: 5 },
        { time_multiplier: 0.5 },
        { extra_minutes: 0 },
        { extra_minutes: 1441 },
        { extra_minutes: 2.5 },
        { closes_at: 'next friday' },
        { attempts_allowed: 0 },
        { extra_minutes: 10, colour: 'red' },
      ]) {
        const res = await put(admin, id, s.id, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(Object.keys(res.json().errors).length).toBeGreaterThan(0);
      }
      expect((await put(admin, id, s.id, { time_multiplier: 5 })).json().errors.time_multiplier).toEqual([
        'The time multiplier must be between 1 and 4.',
      ]);
      expect((await list(admin, id)).json().data).toEqual([]);
      expect(await auditRows(s.id)).toEqual([]);
    });
  });

  describe('an attempt in progress follows at once', () => {
    it('moves the deadline and grace, accepts an answer after the old deadline, and auto-submits at the new one', async () => {
      const { id, ids } = await timedExam();
      const given = await studentOf(school);
      const other = await studentOf(school);
      const t0 = wholeSecond();
      await t.ctx.db
        .updateTable('assessments')
        .set({ opens_at: iso(t0 - MINUTE) })
        .where('id', '=', id)
        .execute();
      travelTo(t0);
      const a = (await start(given.token, id)).json();
      const b = (await start(other.token, id)).json();
      expect(a.deadline_at).toBe(iso(t0 + 30 * MINUTE));

      travelTo(t0 + 10 * MINUTE);
      expect((await put(teacher, id, given.id, { extra_minutes: 15 })).statusCode).toBe(200);
      const moved = await attemptRow(a.id);
      expect(moved.deadline_at).toBe(iso(t0 + 45 * MINUTE));
      // No offline grace on this exam: the network's 15 seconds only.
      expect(moved.grace_until).toBe(iso(t0 + 45 * MINUTE + 15_000));
      // The student's timer reads the new deadline from the attempt and from each save.
      expect(
        (await t.request({ method: 'GET', url: `/api/attempts/${a.id}`, token: given.token })).json()
          .deadline_at,
      ).toBe(iso(t0 + 45 * MINUTE));
      expect((await attemptRow(b.id)).deadline_at).toBe(iso(t0 + 30 * MINUTE));

      // After the old deadline, before the new one: accepted, and the answer says when time is up now.
      travelTo(t0 + 40 * MINUTE);
      const late = await save(given.token, a.id, ids[0]!, rightAnswer('true_false'));
      expect(late.statusCode).toBe(200);
      expect(late.json()).toMatchObject({ saved: true, deadline_at: iso(t0 + 45 * MINUTE) });
      expect((await save(other.token, b.id, ids[0]!, rightAnswer('true_false'))).statusCode).toBe(409);

      // The sweep submits the other student's attempt, not this one, until the new deadline has passed.
      await sweep();
      expect((await attemptRow(b.id)).status).toBe('submitted');
      expect((await attemptRow(a.id)).status).toBe('in_progress');
      travelTo(t0 + 45 * MINUTE + 10_000);
      await sweep();
      expect((await attemptRow(a.id)).status).toBe('in_progress');
      travelTo(t0 + 46 * MINUTE);
      await sweep();
      expect(await attemptRow(a.id)).toMatchObject({ status: 'submitted', auto_submitted: 1 });
      expect((await result(given.token, a.id)).score).toBe(1);
    });

    it('goes back to the normal time when the override is removed, but never to before now', async () => {
      const { id } = await timedExam({ offline_grace_minutes: 5 });
      const s = await studentOf(school);
      const t0 = wholeSecond();
      await t.ctx.db
        .updateTable('assessments')
        .set({ opens_at: iso(t0 - MINUTE) })
        .where('id', '=', id)
        .execute();
      travelTo(t0);
      const a = (await start(s.token, id)).json();
      travelTo(t0 + 10 * MINUTE);
      await put(admin, id, s.id, { time_multiplier: 2 });
      expect(await attemptRow(a.id)).toMatchObject({
        deadline_at: iso(t0 + 60 * MINUTE),
        grace_until: iso(t0 + 65 * MINUTE),
      });
      expect((await remove(admin, id, s.id)).statusCode).toBe(204);
      expect(await attemptRow(a.id)).toMatchObject({
        deadline_at: iso(t0 + 30 * MINUTE),
        grace_until: iso(t0 + 35 * MINUTE),
      });
      // Given again, then removed after the normal deadline: time is up now, not 10 minutes ago.
      await put(admin, id, s.id, { time_multiplier: 2 });
      travelTo(t0 + 40 * MINUTE);
      await remove(admin, id, s.id);
      expect(await attemptRow(a.id)).toMatchObject({
        status: 'in_progress',
        deadline_at: iso(t0 + 40 * MINUTE),
        grace_until: iso(t0 + 45 * MINUTE),
      });
      const audit = await auditRows(s.id);
      expect(audit.map((r) => r.action)).toEqual([
        'set_override',
        'remove_override',
        'set_override',
        'remove_override',
      ]);
      expect(audit[0]).toMatchObject({
        before: expect.stringContaining('none'),
        after: expect.stringContaining('time × 2'),
      });
      expect(audit[0]!.actor_name).toBeTruthy();
    });
  });

  describe('starting and the student’s lists', () => {
    it('lets the student with a later close date and more attempts start when others cannot', async () => {
      const t0 = wholeSecond();
      const { id } = await timedExam({
        opens_at: iso(Date.now() - MINUTE),
        closes_at: iso(t0),
        attempts_allowed: 1,
      });
      const given = await studentOf(school);
      const other = await studentOf(school);
      await put(teacher, id, given.id, { closes_at: iso(t0 + 60 * MINUTE), attempts_allowed: 2 });

      travelTo(t0 + 10 * MINUTE);
      expect((await start(other.token, id)).statusCode).toBe(409);
      expect(await mine(other.token, id)).toMatchObject({
        state: 'closed',
        can_start: false,
        extra_time: false,
      });
      expect(await mine(given.token, id)).toMatchObject({
        closes_at: iso(t0 + 60 * MINUTE),
        attempts_allowed: 2,
        can_start: true,
      });
      const first = await start(given.token, id);
      expect(first.statusCode).toBe(200);
      expect(first.json().deadline_at).toBe(iso(t0 + 40 * MINUTE));
      await submit(given.token, first.json().id);
      const second = await start(given.token, id);
      expect(second.statusCode).toBe(200);
      await submit(given.token, second.json().id);
      expect((await start(given.token, id)).statusCode).toBe(409);
      // Close to the student's own close date, the deadline is capped by it.
      travelTo(t0 + 50 * MINUTE);
      await put(teacher, id, given.id, { closes_at: iso(t0 + 60 * MINUTE), attempts_allowed: 3 });
      expect((await start(given.token, id)).json().deadline_at).toBe(iso(t0 + 60 * MINUTE));
    });

    it('applies the standing multiplier to a new attempt, and an override’s multiplier replaces it', async () => {
      const { id } = await timedExam({ attempts_allowed: 3 });
      const s = await studentOf(school);
      await t.ctx.db.updateTable('users').set({ time_multiplier: 1.5 }).where('id', '=', s.id).execute();
      expect(await mine(s.token, id)).toMatchObject({ time_limit_minutes: 45, extra_time: true });
      const t0 = Date.now();
      travelTo(t0);
      const a = (await start(s.token, id)).json();
      expect(a.deadline_at).toBe(iso(t0 + 45 * MINUTE));
      await submit(s.token, a.id);
      // The override's multiplier replaces the standing one; extra minutes add to it.
      await put(admin, id, s.id, { time_multiplier: 1, extra_minutes: 5 });
      expect(await mine(s.token, id)).toMatchObject({ time_limit_minutes: 35, extra_time: true });
      const b = (await start(s.token, id)).json();
      expect(b.deadline_at).toBe(iso(t0 + 35 * MINUTE));
      // Another student of the school sees the exam's own time.
      const other = await studentOf(school);
      expect(await mine(other.token, id)).toMatchObject({ time_limit_minutes: 30, extra_time: false });
    });

    it('sets the standing multiplier through the user edit (teachers for their own students), audited, and moves an attempt in progress', async () => {
      const { id } = await timedExam();
      const s = await studentOf(school);
      const editBody = async (token: string, over: Record<string, unknown>) => {
        const u = (await t.request({ method: 'GET', url: `/api/admin/users/${s.id}`, token: admin })).json()
          .user;
        return t.request({
          method: 'PUT',
          url: `/api/admin/users/${s.id}`,
          token,
          payload: {
            full_name: u.full_name,
            email: u.email,
            location_id: u.location_id,
            school_id: u.school_id,
            ...over,
          },
        });
      };
      const t0 = wholeSecond();
      travelTo(t0);
      const a = (await start(s.token, id)).json();
      expect(a.deadline_at).toBe(iso(t0 + 30 * MINUTE));
      expect((await editBody(teacher, { time_multiplier: 9 })).statusCode).toBe(422);
      expect((await editBody(otherTeacher, { time_multiplier: 2 })).statusCode).toBe(403);
      expect((await attemptRow(a.id)).deadline_at).toBe(iso(t0 + 30 * MINUTE));

      travelTo(t0 + 5 * MINUTE);
      const ok = await editBody(teacher, { time_multiplier: 2 });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().user.time_multiplier).toBe(2);
      expect((await attemptRow(a.id)).deadline_at).toBe(iso(t0 + 60 * MINUTE));
      // Saving the form without the field leaves it as it is.
      expect((await editBody(teacher, {})).json().user.time_multiplier).toBe(2);
      expect((await editBody(admin, { time_multiplier: null })).json().user.time_multiplier).toBeNull();
      expect((await attemptRow(a.id)).deadline_at).toBe(iso(t0 + 30 * MINUTE));
      expect(await auditRows(s.id)).toMatchObject([
        { action: 'set_time_multiplier', before: 'none', after: 'time × 2' },
        { action: 'set_time_multiplier', before: 'time × 2', after: 'none' },
      ]);
    });

    it('gives every student of a school an override, and a student’s own wins field by field', async () => {
      const { id } = await timedExam();
      const a = await studentOf(school);
      const b = await studentOf(school);
      const res = await t.request({
        method: 'PUT',
        url: `/api/admin/assessments/${id}/overrides/school/${school}`,
        token: teacher,
        payload: { extra_minutes: 10, attempts_allowed: 2 },
      });
      expect(res.statusCode).toBe(200);
      const refused = await t.request({
        method: 'PUT',
        url: `/api/admin/assessments/${id}/overrides/school/${otherSchool}`,
        token: otherTeacher,
        payload: { extra_minutes: 10 },
      });
      expect(refused.statusCode).toBe(403);
      await put(teacher, id, b.id, { extra_minutes: 20 });
      expect(await mine(a.token, id)).toMatchObject({ time_limit_minutes: 40, attempts_allowed: 2 });
      expect(await mine(b.token, id)).toMatchObject({ time_limit_minutes: 50, attempts_allowed: 2 });
    });
  });

  it('keeps the review of "after close" shut until the latest close an override gives', async () => {
    const t0 = wholeSecond();
    const { id, ids } = await timedExam({
      opens_at: iso(t0 - 60 * MINUTE),
      closes_at: iso(t0),
      review_policy: 'after_close',
    });
    const early = await studentOf(school);
    const late = await studentOf(school);
    await put(admin, id, late.id, { closes_at: iso(t0 + 60 * MINUTE) });
    travelTo(t0 - 20 * MINUTE);
    const a = (await start(early.token, id)).json();
    await save(early.token, a.id, ids[0]!, rightAnswer('true_false'));
    await submit(early.token, a.id);
    const analysis = async () =>
      (await t.request({ method: 'GET', url: `/api/attempts/${a.id}/analysis`, token: early.token })).json();
    travelTo(t0 + 10 * MINUTE);
    expect((await analysis()).review_available).toBe(false);
    travelTo(t0 + 61 * MINUTE);
    expect((await analysis()).review_available).toBe(true);
  });
});
