import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Proficiency, TopicMastery } from '../../src/shared/contracts/learning.ts';
import { createAssessment, rightAnswer } from './factories/learning.ts';
import { takingHelpers } from './factories/taking.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

const today = () => new Date().toISOString().slice(0, 10);

describe.each(dialects)('the recalculation calls of spec 7 (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let school: number;
  const h = takingHelpers(
    () => t,
    () => admin,
  );
  const put = (url: string, token?: string) => t.request({ method: 'PUT', url: `/api${url}`, token });
  const proficiency = (id: number, token?: string) => put(`/user/${id}/calculate-proficiency`, token);
  const progress = (id: number, token?: string) => put(`/user/${id}/calculate-user-progress`, token);
  const daily = (day: string, id: number, token?: string) =>
    put(`/user/calculate-daily-performance/${day}/${id}`, token);
  const topicOf = (body: Proficiency, topic: number): TopicMastery | undefined =>
    body.data.find((m) => m.micro_topic_id === topic);
  const stored = async (userId: number) => ({
    mastery: await t.ctx.db
      .selectFrom('topic_mastery')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('micro_topic_id')
      .execute(),
    history: await t.ctx.db
      .selectFrom('mastery_history')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('micro_topic_id')
      .orderBy('day')
      .execute(),
    progress: await t.ctx.db
      .selectFrom('user_progress')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('subject_id')
      .execute(),
    daily: await t.ctx.db.selectFrom('daily_performance').selectAll().where('user_id', '=', userId).execute(),
  });

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    const demo = await t.login('student@pathbuilder.test');
    school = (await t.request({ method: 'GET', url: '/api/refresh', token: demo })).json().user.school_id;
  });
  afterAll(() => t.close());

  /** A student who got both questions of a fresh topic right in a quiz whose answers show on submit. */
  async function studentWithPassedQuiz() {
    const student = await h.studentOf(school);
    const { topic, ids } = await h.freshQuestions(['true_false', 'short_answer']);
    const quiz = await createAssessment(t, admin, {
      question_ids: ids,
      school_ids: [school],
      review_policy: 'after_submit',
    });
    const attempt = (await h.start(student.token, quiz)).json().id as string;
    await h.save(student.token, attempt, ids[0]!, rightAnswer('true_false'));
    await h.save(student.token, attempt, ids[1]!, rightAnswer('short_answer'));
    expect((await h.submit(student.token, attempt)).statusCode).toBe(200);
    await t.ctx.tasks.idle();
    return { student, topic, ids };
  }

  it('a submit moves the topic’s estimate up; the own call recomputes the same numbers, twice over', async () => {
    const { student, topic } = await studentWithPassedQuiz();
    const afterSubmit = await stored(student.id);
    expect(afterSubmit.mastery.map((m) => m.micro_topic_id)).toEqual([topic]);

    const first = await proficiency(student.id, student.token);
    expect(first.statusCode).toBe(200);
    const mine = topicOf(first.json(), topic)!;
    expect(mine.evidence).toBe(2);
    expect(mine.mastery).toBeGreaterThan(0.8);
    expect(mine.level).toBe('mastered');
    expect(mine.due_for_recheck).toBe(false);
    expect(await stored(student.id)).toEqual(afterSubmit);

    const second = await proficiency(student.id, student.token);
    expect(second.json()).toEqual(first.json());
    expect(await stored(student.id)).toEqual(afterSubmit);
  });

  it('refuses another student’s id, a teacher of another school, and anyone signed out', async () => {
    const { student } = await studentWithPassedQuiz();
    const other = await h.studentOf(school);
    for (const call of [proficiency, progress]) {
      expect((await call(student.id, other.token)).statusCode).toBe(403);
      expect((await call(student.id)).statusCode).toBe(401);
    }
    expect((await daily(today(), student.id, other.token)).statusCode).toBe(403);
    expect((await daily(today(), student.id)).statusCode).toBe(401);

    const elsewhere = (
      await t.ctx.db.selectFrom('schools').select('id').where('id', '!=', school).execute()
    )[0]!.id;
    const teacherOf = async (schoolId: number) => {
      const u = await createUser(t, { is_teacher: 1 });
      await t.ctx.db.insertInto('teacher_schools').values({ user_id: u.id, school_id: schoolId }).execute();
      return t.login(u.email, u.password);
    };
    expect((await proficiency(student.id, await teacherOf(elsewhere))).statusCode).toBe(403);
    const teacherToken = await teacherOf(school);
    expect((await proficiency(student.id, teacherToken)).statusCode).toBe(200);
    expect((await proficiency(2_000_000, admin)).statusCode).toBe(404);
  });

  it('does not let held-back marks move the estimate or the accuracy', async () => {
    const student = await h.studentOf(school);
    const { topic, ids } = await h.freshQuestions(['true_false']);
    const exam = await createAssessment(t, admin, {
      kind: 'exam',
      question_ids: ids,
      school_ids: [school],
      review_policy: 'after_close',
      closes_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const attempt = (await h.start(student.token, exam)).json().id as string;
    await h.save(student.token, attempt, ids[0]!, rightAnswer('true_false'));
    expect((await h.submit(student.token, attempt)).statusCode).toBe(200);
    await t.ctx.tasks.idle();

    expect(topicOf((await proficiency(student.id, student.token)).json(), topic)).toBeUndefined();
    const day = (await daily(today(), student.id, student.token)).json().data;
    expect(day).toMatchObject({ questions_answered: 1, questions_marked: 0, correct: 0, accuracy: null });

    // Once the exam has closed (and its grace passed), the answer counts.
    h.travelTo(Date.now() + 3 * 86_400_000);
    try {
      const token = await t.login(student.email, student.password);
      expect(topicOf((await proficiency(student.id, token)).json(), topic)?.evidence).toBe(1);
    } finally {
      h.resetClock();
    }
  });

  it('counts progress per subject and overall, and the day’s performance, idempotently', async () => {
    const { student, topic } = await studentWithPassedQuiz();
    // What the submit's refresh wrote (one transaction for all three) is what the calls compute again.
    const afterSubmit = await stored(student.id);
    expect(afterSubmit.progress.length).toBeGreaterThan(1);
    expect(afterSubmit.daily).toHaveLength(1);
    const res = await progress(student.id, student.token);
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { subject_id: number; topics_mastered: number; topics_total: number }[];
    const totalTopics = (await t.ctx.db.selectFrom('micro_topics').select('id').execute()).length;
    const overall = rows.find((r) => r.subject_id === 0)!;
    expect(overall).toMatchObject({ topics_mastered: 1, topics_total: totalTopics, assessments_done: 1 });
    const subjectOfTopic = (
      await t.ctx.db
        .selectFrom('micro_topics as m')
        .innerJoin('sub_topics as s', 's.id', 'm.sub_topic_id')
        .select('s.subject_id')
        .where('m.id', '=', topic)
        .executeTakeFirstOrThrow()
    ).subject_id;
    expect(rows.find((r) => r.subject_id === subjectOfTopic)).toMatchObject({
      topics_mastered: 1,
      assessments_done: 1,
    });
    expect(rows.reduce((n, r) => n + (r.subject_id === 0 ? 0 : r.topics_total), 0)).toBe(totalTopics);

    const day = await daily(today(), student.id, student.token);
    expect(day.statusCode).toBe(200);
    expect(day.json().data).toMatchObject({
      day: today(),
      questions_answered: 2,
      questions_marked: 2,
      correct: 2,
      accuracy: 1,
    });
    expect(day.json().data.minutes_active).toBeGreaterThanOrEqual(1);

    expect(await stored(student.id)).toEqual(afterSubmit);
    expect((await progress(student.id, student.token)).json()).toEqual(res.json());
    expect((await daily(today(), student.id, student.token)).json()).toEqual(day.json());
    expect(await stored(student.id)).toEqual(afterSubmit);

    // A day without answers has nothing to show and keeps no row.
    const empty = await daily('2020-02-29', student.id, student.token);
    expect(empty.json().data).toMatchObject({ questions_answered: 0, accuracy: null });
  });

  it('refuses a date that is not a real day', async () => {
    const student = await h.studentOf(school);
    for (const bad of ['2026-02-30', '2026-1-5', 'yesterday']) {
      const res = await daily(bad, student.id, student.token);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.date).toBeDefined();
    }
  });
});
