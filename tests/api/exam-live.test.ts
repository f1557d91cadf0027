import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ExamLiveResponse, ExamLiveRow } from '../../src/shared/contracts/exam-live.ts';
import { createAssessment, newId, rightAnswer } from './factories/learning.ts';
import { readEvents } from './factories/live.ts';
import { takingHelpers } from './factories/taking.ts';
import { dialects, type TestApp } from './helpers.ts';
import { startLive, type Who } from './live-setup.ts';

// The live view of an exam in progress (issue 27): the attempt heartbeat and outbox, the staff view, its stream.
describe.each(dialects)('live view of an exam (%s)', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let teacherA: Who;
  let teacherB: Who;
  let studentA: Who;
  let studentA2: Who;
  let studentB: Who;
  let schoolA: number;
  let schoolB: number;
  let questions: number[];
  const taking = takingHelpers(
    () => t,
    () => admin.token,
  );
  beforeAll(async () => {
    ({ t, admin, teacherA, teacherB, studentA, studentA2, studentB, schoolA, schoolB } =
      await startLive(dialect));
    questions = (await taking.freshQuestions(['true_false', 'single_choice'])).ids;
  }, 60_000);
  afterAll(() => t.close());
  afterEach(() => taking.resetClock());

  /** A timed quiz (20 minutes, 2 questions, 5 minutes' offline grace) for these schools. */
  const timedQuiz = (schoolIds: number[]) =>
    createAssessment(t, admin.token, {
      question_ids: questions,
      school_ids: schoolIds,
      time_limit_minutes: 20,
      offline_grace_minutes: 5,
      attempts_allowed: 1,
    });
  const started = async (who: Who, assessmentId: number) => {
    const res = await taking.start(who.token, assessmentId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { id: string; deadline_at: string };
  };
  const heartbeat = (who: Who, attemptId: string, outbox: unknown) =>
    t.request({
      method: 'POST',
      url: `/api/attempts/${attemptId}/heartbeat`,
      token: who.token,
      payload: { outbox },
    });
  const saveWithOutbox = (who: Who, attemptId: string, questionId: number, outbox: number) =>
    t.request({
      method: 'PUT',
      url: `/api/attempts/${attemptId}/answers/${questionId}`,
      token: who.token,
      payload: {
        answer: rightAnswer('true_false'),
        answered_at: t.ctx.now().toISOString(),
        outbox,
      },
    });
  const attemptRow = (id: string) =>
    t.ctx.db.selectFrom('attempts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const view = (who: Who, assessmentId: number) =>
    t.request({ method: 'GET', url: `/api/admin/assessments/${assessmentId}/live`, token: who.token });
  const viewed = async (who: Who, assessmentId: number) => {
    const res = await view(who, assessmentId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ExamLiveResponse;
  };
  const locationOfSchoolA = async () =>
    (
      await t.ctx.db
        .selectFrom('schools')
        .select('location_id')
        .where('id', '=', schoolA)
        .executeTakeFirstOrThrow()
    ).location_id;
  const rowOf = (v: ExamLiveResponse, userId: number) => v.rows.find((r) => r.user_id === userId);

  describe('the heartbeat', () => {
    it('records the outbox and that the server heard from the attempt, and answers its clock', async () => {
      const quiz = await timedQuiz([schoolA]);
      const a = await started(studentA, quiz);
      const at = Date.now() + 60_000;
      taking.travelTo(at);
      const res = await heartbeat(studentA, a.id, 3);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        deadline_at: a.deadline_at,
        grace_until: expect.any(String),
        server_time: new Date(at).toISOString(),
      });
      const row = await attemptRow(a.id);
      expect(row).toMatchObject({
        outbox_size: 3,
        outbox_reported_at: new Date(at).toISOString(),
        last_seen_at: new Date(at).toISOString(),
      });
    });

    it('is the student’s own attempt only; bad input is a 422 and changes nothing', async () => {
      const quiz = await timedQuiz([schoolA]);
      const a = await started(studentA, quiz);
      expect((await heartbeat(studentA2, a.id, 1)).statusCode).toBe(404);
      expect((await heartbeat(teacherA, a.id, 1)).statusCode).toBe(403);
      const bad = await heartbeat(studentA, a.id, -1);
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors.outbox).toBeDefined();
      expect((await attemptRow(a.id)).outbox_size).toBeNull();
    });

    it('refuses a submitted attempt with a 409, storing nothing', async () => {
      const quiz = await timedQuiz([schoolA]);
      const a = await started(studentA2, quiz);
      expect((await heartbeat(studentA2, a.id, 2)).statusCode).toBe(200);
      expect((await taking.submit(studentA2.token, a.id)).statusCode).toBe(200);
      const res = await heartbeat(studentA2, a.id, 5);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toMatch(/submitted/);
      expect((await attemptRow(a.id)).outbox_size).toBe(2);
    });

    it('after the deadline stores the outbox but does not count as heard before it (the offline grace)', async () => {
      const quiz = await timedQuiz([schoolA]);
      const a = await started(studentA, quiz);
      const before = (await attemptRow(a.id)).last_seen_at;
      taking.travelTo(Date.parse(a.deadline_at) + 60_000);
      expect((await heartbeat(studentA, a.id, 4)).statusCode).toBe(200);
      expect(await attemptRow(a.id)).toMatchObject({ outbox_size: 4, last_seen_at: before });
    });
  });

  describe('the outbox with a save', () => {
    it('is stored with the save, and a save without it leaves the last report', async () => {
      const quiz = await timedQuiz([schoolA]);
      const a = await started(studentA, quiz);
      const res = await saveWithOutbox(studentA, a.id, questions[0]!, 2);
      expect(res.statusCode, res.body).toBe(200);
      expect((await attemptRow(a.id)).outbox_size).toBe(2);
      const plain = await taking.save(studentA.token, a.id, questions[0]!, rightAnswer('true_false'));
      expect(plain.statusCode).toBe(200);
      expect((await attemptRow(a.id)).outbox_size).toBe(2);
      expect((await saveWithOutbox(studentA, a.id, questions[0]!, 0)).statusCode).toBe(200);
      expect((await attemptRow(a.id)).outbox_size).toBe(0);
    });
  });

  describe('the view', () => {
    it('shows each student’s state and the counts, to staff of the school only', async () => {
      const quiz = await timedQuiz([schoolA]);
      const t0 = Date.now();
      taking.travelTo(t0);
      // studentA answers 1 of 2 with one answer still on the device; studentA2 submits; a third is
      // auto-submitted; a fourth never starts.
      const a = await started(studentA, quiz);
      expect((await saveWithOutbox(studentA, a.id, questions[0]!, 1)).statusCode).toBe(200);
      const b = await started(studentA2, quiz);
      expect((await taking.submit(studentA2.token, b.id)).statusCode).toBe(200);
      const third = await taking.studentOf(schoolA);
      const c = await started({ id: third.id, token: third.token }, quiz);
      const idle = await taking.studentOf(schoolA);

      // 2 minutes on, the third's time and grace run out (they were started 30 minutes ago).
      await t.ctx.db
        .updateTable('attempts')
        .set({
          deadline_at: new Date(t0 - 10 * 60_000).toISOString(),
          grace_until: new Date(t0 - 5 * 60_000).toISOString(),
        })
        .where('id', '=', c.id)
        .execute();
      expect((await heartbeat({ id: third.id, token: third.token }, c.id, 0)).statusCode).toBe(409);
      taking.travelTo(t0 + 2 * 60_000);

      const v = await viewed(teacherA, quiz);
      expect(v.assessment).toMatchObject({ id: quiz, time_limit_minutes: 20 });
      expect(rowOf(v, studentA.id)).toMatchObject({
        state: 'answering',
        answered: 1,
        questions: 2,
        outbox_size: 1,
        attempt_id: a.id,
        used_offline_grace: false,
        override: null,
        time_left_seconds: Math.round((Date.parse(a.deadline_at) - (t0 + 120_000)) / 1000),
      });
      expect(Date.parse(rowOf(v, studentA.id)!.last_heard_at!)).toBe(t0);
      expect(rowOf(v, studentA2.id)).toMatchObject({ state: 'submitted', time_left_seconds: null });
      expect(rowOf(v, third.id)).toMatchObject({ state: 'auto_submitted' });
      expect(rowOf(v, idle.id)).toMatchObject({
        state: 'not_started',
        answered: 0,
        questions: 2,
        attempt_id: null,
        last_heard_at: null,
      });
      // Only school A's students, and every one of them.
      expect(v.rows.some((r) => r.user_id === studentB.id)).toBe(false);
      const schoolAStudents = await t.ctx.db
        .selectFrom('users')
        .select('id')
        .where('school_id', '=', schoolA)
        .where('is_admin', '=', 0)
        .where('is_teacher', '=', 0)
        .where('is_active', '=', 1)
        .execute();
      expect(v.rows.map((r) => r.user_id).sort()).toEqual(schoolAStudents.map((s) => s.id).sort());
      expect(v.summary).toEqual({
        students: schoolAStudents.length,
        not_started: schoolAStudents.length - 3,
        answering: 1,
        submitted: 1,
        auto_submitted: 1,
        waiting_to_sync: 1,
        // studentA was last heard from 2 minutes ago.
        not_heard_from: 1,
      });

      // A heartbeat now: heard from, nothing waiting.
      expect((await heartbeat(studentA, a.id, 0)).statusCode).toBe(200);
      const after = await viewed(teacherA, quiz);
      expect(after.summary).toMatchObject({ waiting_to_sync: 0, not_heard_from: 0 });

      // Another school's teacher: refused, as for the assessment's results.
      expect((await view(teacherB, quiz)).statusCode).toBe(403);
      expect((await view(studentA, quiz)).statusCode).toBe(403);
      expect((await view(teacherA, 999_999)).statusCode).toBe(404);
      expect((await viewed(admin, quiz)).rows.length).toBe(schoolAStudents.length);
    });

    it('for every school: a teacher sees their own schools’ students only, an admin everyone', async () => {
      const quiz = await timedQuiz([]);
      const byTeacherA = await viewed(teacherA, quiz);
      expect(byTeacherA.rows.length).toBeGreaterThan(0);
      expect(byTeacherA.rows.every((r) => r.school_id === schoolA)).toBe(true);
      const byTeacherB = await viewed(teacherB, quiz);
      expect(byTeacherB.rows.map((r) => r.user_id)).toContain(studentB.id);
      expect(byTeacherB.rows.every((r) => r.school_id === schoolB)).toBe(true);
      const byAdmin = await viewed(admin, quiz);
      expect(byAdmin.rows.length).toBeGreaterThanOrEqual(byTeacherA.rows.length + byTeacherB.rows.length);
    });
  });

  describe('extra time (an override) while the attempt runs', () => {
    it('shows in the row, and the heartbeat answers the moved deadline', async () => {
      const quiz = await timedQuiz([schoolA]);
      const a = await started(studentA, quiz);
      const put = await t.request({
        method: 'PUT',
        url: `/api/admin/assessments/${quiz}/overrides/${studentA.id}`,
        token: teacherA.token,
        payload: { extra_minutes: 10 },
      });
      expect(put.statusCode, put.body).toBe(200);
      const row = rowOf(await viewed(teacherA, quiz), studentA.id)!;
      expect(row.override).toEqual({
        extra_minutes: 10,
        time_multiplier: null,
        closes_at: null,
        attempts_allowed: null,
      });
      expect(Date.parse(row.deadline_at!)).toBe(Date.parse(a.deadline_at) + 10 * 60_000);
      const beat = await heartbeat(studentA, a.id, 0);
      expect(beat.statusCode).toBe(200);
      expect(beat.json().deadline_at).toBe(row.deadline_at);
    });
  });

  describe('the stream, over a listening server', () => {
    let base: string;
    beforeAll(async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    });
    const stream = async (who: Who, id: number) => {
      const res = await fetch(`${base}/api/admin/assessments/${id}/live/stream`, {
        headers: { authorization: `Bearer ${who.token}`, accept: 'text/event-stream' },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      return readEvents(res.body!);
    };

    it('sends the changed student’s row after a save, and only to staff who may see them', async () => {
      const quiz = await timedQuiz([]);
      const a = await started(studentA, quiz);
      const forA = await stream(teacherA, quiz);
      const forB = await stream(teacherB, quiz);
      await forA.next((e) => e.event === 'ready');
      await forB.next((e) => e.event === 'ready');
      const sentAt = Date.now();
      expect((await saveWithOutbox(studentA, a.id, questions[0]!, 0)).statusCode).toBe(200);
      const got = await forA.next(
        (e) =>
          e.event === 'rows' &&
          (JSON.parse(e.data) as { rows: ExamLiveRow[] }).rows.some(
            (r) => r.user_id === studentA.id && r.answered === 1,
          ),
        4000,
      );
      expect(Date.now() - sentAt).toBeLessThan(4000);
      const row = (JSON.parse(got.data) as { rows: ExamLiveRow[] }).rows.find(
        (r) => r.user_id === studentA.id,
      );
      expect(row).toMatchObject({ state: 'answering', outbox_size: 0, attempt_id: a.id });
      // Teacher B's stream is for school B's students: studentA's row never reaches it. A school B student's
      // start does, and then teacher A's stream hears nothing of them.
      const b = await started(studentB, quiz);
      const gotB = await forB.next((e) => e.event === 'rows', 4000);
      const rowsB = (JSON.parse(gotB.data) as { rows: ExamLiveRow[] }).rows;
      expect(rowsB.map((r) => r.user_id)).toEqual([studentB.id]);
      expect(rowsB[0]).toMatchObject({ attempt_id: b.id, state: 'answering' });
      expect(
        forA.events.some(
          (e) =>
            e.event === 'rows' &&
            (JSON.parse(e.data) as { rows: ExamLiveRow[] }).rows.some((r) => r.user_id === studentB.id),
        ),
      ).toBe(false);
      expect(
        forB.events.some(
          (e) =>
            e.event === 'rows' &&
            (JSON.parse(e.data) as { rows: ExamLiveRow[] }).rows.some((r) => r.user_id === studentA.id),
        ),
      ).toBe(false);
      await forA.cancel();
      await forB.cancel();
    });

    it('sends the row again when a teacher gives extra time', async () => {
      const quiz = await timedQuiz([schoolA]);
      const a = await started(studentA2, quiz);
      const events = await stream(teacherA, quiz);
      await events.next((e) => e.event === 'ready');
      const put = await t.request({
        method: 'PUT',
        url: `/api/admin/assessments/${quiz}/overrides/${studentA2.id}`,
        token: admin.token,
        payload: { extra_minutes: 5 },
      });
      expect(put.statusCode, put.body).toBe(200);
      const got = await events.next((e) => e.event === 'rows', 4000);
      const row = (JSON.parse(got.data) as { rows: ExamLiveRow[] }).rows.find(
        (r) => r.user_id === studentA2.id,
      );
      expect(row).toMatchObject({ override: { extra_minutes: 5 }, attempt_id: a.id });
      expect(Date.parse(row!.deadline_at!)).toBe(Date.parse(a.deadline_at) + 5 * 60_000);
      await events.cancel();
    });

    it('gathers many saves into one event', async () => {
      const quiz = await timedQuiz([schoolA]);
      const a = await started(studentA, quiz);
      const b = await started(studentA2, quiz);
      const events = await stream(teacherA, quiz);
      await events.next((e) => e.event === 'ready');
      await Promise.all([
        saveWithOutbox(studentA, a.id, questions[0]!, 1),
        saveWithOutbox(studentA2, b.id, questions[0]!, 0),
        heartbeat(studentA, a.id, 0),
      ]);
      const got = await events.next((e) => e.event === 'rows', 4000);
      const ids = (JSON.parse(got.data) as { rows: ExamLiveRow[] }).rows.map((r) => r.user_id).sort();
      expect(ids).toEqual([studentA.id, studentA2.id].sort());
      await events.cancel();
    });

    it('is refused to another school’s teacher and to students, and to a caller not asking for events', async () => {
      const quiz = await timedQuiz([schoolA]);
      for (const who of [teacherB, studentA]) {
        const res = await fetch(`${base}/api/admin/assessments/${quiz}/live/stream`, {
          headers: { authorization: `Bearer ${who.token}`, accept: 'text/event-stream' },
        });
        expect(res.status).toBe(403);
        await res.body?.cancel();
      }
      const plain = await t.request({
        method: 'GET',
        url: `/api/admin/assessments/${quiz}/live/stream`,
        token: teacherA.token,
      });
      expect(plain.statusCode).toBe(406);
      expect(plain.json().message).toMatch(/event stream/);
    });

    it('ends at once for a closed assessment with no attempt open', async () => {
      const quiz = await timedQuiz([schoolA]);
      await t.ctx.db
        .updateTable('assessments')
        .set({ closes_at: new Date(Date.now() - 60_000).toISOString() })
        .where('id', '=', quiz)
        .execute();
      const events = await stream(teacherA, quiz);
      await events.next((e) => e.event === 'end');
      await expect.poll(() => events.ended()).toBe(true);
    });
  });

  describe('500 students', () => {
    it('lists every one in a few queries', async () => {
      const school = (
        await t.request({
          method: 'POST',
          url: '/api/admin/schools',
          token: admin.token,
          payload: { name: `Big Exam Hall School ${dialect}`, location_id: await locationOfSchoolA() },
        })
      ).json().school?.id as number | undefined;
      expect(school, 'school created').toBeDefined();
      const quiz = await timedQuiz([school!]);
      const now = new Date().toISOString();
      const users = Array.from({ length: 500 }, (_, i) => ({
        email: `hall-${dialect}-${i}@example.test`,
        full_name: `Hall Student ${String(i).padStart(3, '0')}`,
        password_hash: 'x',
        is_admin: 0,
        is_teacher: 0,
        taken_diagnostics: 1,
        school_id: school!,
        location_id: null,
        email_verified_at: now,
        is_active: 1,
        created_at: now,
        updated_at: now,
      }));
      const ids = (await t.ctx.db.insertInto('users').values(users).returning('id').execute()).map(
        (r) => r.id,
      );
      // 400 of them started, 100 of those submitted; each started one answered the first question.
      const deadline = new Date(Date.now() + 20 * 60_000).toISOString();
      const attempts = ids.slice(0, 400).map((userId, i) => ({
        id: newId(),
        user_id: userId,
        assessment_id: quiz,
        kind: 'quiz',
        title: 'Big exam',
        status: i < 100 ? 'submitted' : 'in_progress',
        question_ids: JSON.stringify(questions),
        position: 0,
        started_at: now,
        deadline_at: deadline,
        grace_until: deadline,
        submitted_at: i < 100 ? now : null,
        auto_submitted: 0,
        last_seen_at: now,
        used_offline_grace: 0,
        outbox_size: i % 10 === 0 ? 2 : 0,
        outbox_reported_at: now,
      }));
      await t.ctx.db.insertInto('attempts').values(attempts).execute();
      await t.ctx.db
        .insertInto('attempt_answers')
        .values(
          attempts.map((a) => ({
            attempt_id: a.id,
            question_id: questions[0]!,
            answer: JSON.stringify(rightAnswer('true_false')),
            flagged: 0,
            answered_at: now,
            saved_at: now,
            correct: null,
            via_grace: 0,
          })),
        )
        .execute();

      // Count the queries the view makes: a few, not one per student.
      let queries = 0;
      const original = t.ctx.db.getExecutor().executeQuery.bind(t.ctx.db.getExecutor());
      const executor = t.ctx.db.getExecutor() as { executeQuery: typeof original };
      executor.executeQuery = ((...args: Parameters<typeof original>) => {
        queries++;
        return original(...args);
      }) as typeof original;
      let v: ExamLiveResponse;
      try {
        v = await viewed(admin, quiz);
      } finally {
        executor.executeQuery = original;
      }
      expect(v.rows).toHaveLength(500);
      expect(queries).toBeLessThan(20);
      expect(v.summary).toMatchObject({
        students: 500,
        not_started: 100,
        answering: 300,
        submitted: 100,
        waiting_to_sync: 30,
      });
      expect(v.rows.filter((r) => r.answered === 1)).toHaveLength(400);
    }, 60_000);
  });
});
