import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  LearningPathway,
  LearningProfile,
  LearningSummary,
} from '../../src/shared/contracts/learning.ts';
import { createAssessment, createQuestion, createTopics, rightAnswer } from './factories/learning.ts';
import { takingHelpers } from './factories/taking.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

describe.each(dialects)('the learning profile and pathway (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let school: number;
  const h = takingHelpers(
    () => t,
    () => admin,
  );
  const get = (url: string, token: string) => t.request({ method: 'GET', url: `/api${url}`, token });

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    const demo = await t.login('student@pathbuilder.test');
    school = (await t.request({ method: 'GET', url: '/api/refresh', token: demo })).json().user.school_id;
  });
  afterAll(() => t.close());

  /** Two new topics, "Basics" then "Next steps" which needs it, each with a quiz of two questions. */
  async function chain() {
    const [basics] = await createTopics(t, admin, 1);
    const sub = (
      await t.ctx.db
        .selectFrom('micro_topics')
        .select('sub_topic_id')
        .where('id', '=', basics!)
        .executeTakeFirstOrThrow()
    ).sub_topic_id;
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/micro-topics',
      token: admin,
      payload: {
        sub_topic_id: sub,
        name: `Next steps ${Date.now()}`,
        description: '',
        prerequisite_ids: [basics],
      },
    });
    expect(res.statusCode).toBe(201);
    const next = res.json().id as number;
    const quizOn = async (topic: number, title: string) => {
      const ids = [
        await createQuestion(t, admin, topic, 'true_false'),
        await createQuestion(t, admin, topic, 'short_answer'),
      ];
      return {
        ids,
        quiz: await createAssessment(t, admin, { title, question_ids: ids, school_ids: [school] }),
      };
    };
    return {
      basics: basics!,
      next,
      first: await quizOn(basics!, 'Basics quiz'),
      second: await quizOn(next, 'Next quiz'),
    };
  }

  async function pass(token: string, quiz: number, ids: number[]) {
    const attempt = (await h.start(token, quiz)).json().id as string;
    await h.save(token, attempt, ids[0]!, rightAnswer('true_false'));
    await h.save(token, attempt, ids[1]!, rightAnswer('short_answer'));
    expect((await h.submit(token, attempt)).statusCode).toBe(200);
    await t.ctx.tasks.idle();
  }

  it('offers a topic once its prerequisite is mastered, with a quiz on it to start', async () => {
    const g = await chain();
    const student = await h.studentOf(school);
    const before = (await get('/my/learning-pathway', student.token)).json() as LearningPathway;
    const readyBefore = before.ready.map((s) => s.micro_topic_id);
    expect(readyBefore).toContain(g.basics);
    expect(readyBefore).not.toContain(g.next);
    expect(before.ready.find((s) => s.micro_topic_id === g.basics)?.quiz).toEqual({
      id: g.first.quiz,
      title: 'Basics quiz',
    });

    await pass(student.token, g.first.quiz, g.first.ids);
    const after = (await get('/my/learning-pathway', student.token)).json() as LearningPathway;
    const readyAfter = after.ready.map((s) => s.micro_topic_id);
    expect(readyAfter).not.toContain(g.basics);
    expect(readyAfter).toContain(g.next);
    expect(after.ready.find((s) => s.micro_topic_id === g.next)?.quiz?.id).toBe(g.second.quiz);
    expect(after.all_mastered).toBe(false);
  });

  it('shows mastery by subject, sub topic and micro topic, over time, and the latest attempts', async () => {
    const g = await chain();
    const student = await h.studentOf(school);
    await pass(student.token, g.first.quiz, g.first.ids);
    const res = await get('/my/learning-profile', student.token);
    expect(res.statusCode).toBe(200);
    const profile = res.json() as LearningProfile;
    const micro = profile.subjects.flatMap((s) => s.sub_topics.flatMap((t) => t.micro_topics));
    expect(micro.find((m) => m.id === g.basics)).toMatchObject({ level: 'mastered', evidence: 2 });
    expect(micro.find((m) => m.id === g.next)).toMatchObject({ level: 'unknown', evidence: 0 });
    expect(profile.overall.mastered).toBe(1);
    expect(profile.overall.total).toBe(micro.length);
    const subject = profile.subjects.find((s) =>
      s.sub_topics.some((t) => t.micro_topics.some((m) => m.id === g.basics)),
    )!;
    expect(subject.mastered).toBe(1);
    expect(profile.history).toEqual([{ day: new Date().toISOString().slice(0, 10), mastered: 1 }]);
    expect(profile.last_attempts.map((a) => a.title)).toEqual(['Basics quiz']);
    expect(profile.last_attempts[0]!.percent).toBe(100);
  });

  it("gives the dashboard's card the mastered count, the next steps and today's answers", async () => {
    const g = await chain();
    const student = await h.studentOf(school);
    await pass(student.token, g.first.quiz, g.first.ids);
    const res = await get('/my/learning-summary', student.token);
    expect(res.statusCode).toBe(200);
    const summary = res.json() as LearningSummary;
    expect(summary.mastered).toBe(1);
    expect(summary.next.length).toBeLessThanOrEqual(3);
    expect(summary.ready_count).toBeGreaterThanOrEqual(summary.next.length);
    expect(summary.daily).toEqual([
      {
        day: new Date().toISOString().slice(0, 10),
        questions_answered: 2,
        questions_marked: 2,
        correct: 2,
        minutes_active: expect.any(Number),
      },
    ]);
  });

  it('lets a teacher read the profile of a student of their school, and no other', async () => {
    const student = await h.studentOf(school);
    const teacherOf = async (schoolId: number) => {
      const u = await createUser(t, { is_teacher: 1 });
      await t.ctx.db.insertInto('teacher_schools').values({ user_id: u.id, school_id: schoolId }).execute();
      return t.login(u.email, u.password);
    };
    const url = `/admin/users/${student.id}/learning-profile`;
    const mine = await get(url, await teacherOf(school));
    expect(mine.statusCode).toBe(200);
    expect(mine.json().student.id).toBe(student.id);
    const elsewhere = (
      await t.ctx.db.selectFrom('schools').select('id').where('id', '!=', school).execute()
    )[0]!.id;
    expect((await get(url, await teacherOf(elsewhere))).statusCode).toBe(403);
  });
});
