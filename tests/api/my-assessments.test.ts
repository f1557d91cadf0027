import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyAssessment } from '../../src/shared/contracts/assessments.ts';
import { createAssessment, createQuestion, createTopics, newId, rightAnswer } from './factories/learning.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

// The student's lists carry the latest result, so the dashboard reads three lists and no result per item.
describe.each(dialects)('a student’s latest result in their lists (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let student: string;
  let questions: number[];
  let otherSchool: number;

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    const schools = (
      await t.request({ method: 'GET', url: '/api/admin/schools?per_page=100', token: admin })
    ).json().data as Array<{ id: number; name: string }>;
    const school = schools.find((s) => s.name.startsWith('Little Acorns'))!.id;
    otherSchool = schools.find((s) => s.id !== school)!.id;
    const s = await createUser(t, { school_id: school, taken_diagnostics: 1 });
    student = await t.login(s.email, s.password);
    const topics = await createTopics(t, admin, 2);
    questions = [
      await createQuestion(t, admin, topics[0]!, 'true_false'),
      await createQuestion(t, admin, topics[1]!, 'single_choice'),
    ];
  });
  afterAll(() => t.close());

  const mine = async (id: number, kind = 'quiz'): Promise<MyAssessment> => {
    const res = await t.request({ method: 'GET', url: `/api/my/assessments?kind=${kind}`, token: student });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as MyAssessment[]).find((a) => a.id === id)!;
  };
  /** Takes the quiz: the true/false question right or wrong, the single choice always right. */
  const take = async (quiz: number, firstRight: boolean) => {
    const id = newId();
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/attempts',
          token: student,
          payload: { id, assessment_id: quiz },
        })
      ).statusCode,
    ).toBe(200);
    const answers = [
      firstRight ? rightAnswer('true_false') : { type: 'true_false', value: false },
      rightAnswer('single_choice'),
    ];
    for (const [i, answer] of answers.entries()) {
      const res = await t.request({
        method: 'PUT',
        url: `/api/attempts/${id}/answers/${questions[i]}`,
        token: student,
        payload: { answer, answered_at: new Date().toISOString() },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const submitted = await t.request({
      method: 'POST',
      url: `/api/attempts/${id}/submit`,
      token: student,
      payload: {},
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    return id;
  };

  it('has no latest result before the first attempt, then the latest one with its pass', async () => {
    const quiz = await createAssessment(t, admin, {
      question_ids: questions,
      pass_mark: 60,
      attempts_allowed: 3,
    });
    const before = await mine(quiz);
    expect(before).toMatchObject({
      last_attempt_id: null,
      last_percent: null,
      last_passed: null,
      last_submitted_at: null,
    });

    const failed = await take(quiz, false);
    const afterFail = await mine(quiz);
    expect(afterFail).toMatchObject({
      state: 'submitted',
      last_attempt_id: failed,
      last_percent: 50,
      last_passed: false,
      can_start: true,
    });
    expect(Date.parse(afterFail.last_submitted_at ?? '')).not.toBeNaN();

    const passed = await take(quiz, true);
    expect(await mine(quiz)).toMatchObject({
      last_attempt_id: passed,
      last_percent: 100,
      last_passed: true,
      best_percent: 100,
      attempts_used: 2,
    });
  });

  it('shows the score under a "never" review policy, but still no answers per topic', async () => {
    const quiz = await createAssessment(t, admin, { question_ids: questions, review_policy: 'never' });
    const id = await take(quiz, false);
    expect(await mine(quiz)).toMatchObject({ last_attempt_id: id, last_percent: 50, last_passed: false });
    const result = await t.request({ method: 'GET', url: `/api/attempts/${id}/result`, token: student });
    expect(result.json()).toMatchObject({ assessment_id: quiz, percent: 50, review_available: false });
    for (const topic of result.json().per_micro_topic) expect(topic.correct).toBeNull();
  });

  it('names the assessment in a result, so the result screen can offer a retry', async () => {
    const quiz = await createAssessment(t, admin, { question_ids: questions });
    const id = await take(quiz, true);
    const result = await t.request({ method: 'GET', url: `/api/attempts/${id}/result`, token: student });
    expect(result.json()).toMatchObject({ assessment_id: quiz, kind: 'quiz' });
  });

  it('never gives a diagnostic a pass or a fail', async () => {
    const diagnostic = await createAssessment(t, admin, {
      kind: 'diagnostic',
      question_ids: questions,
      pass_mark: 0,
      attempts_allowed: 1,
    });
    const id = await take(diagnostic, false);
    expect(await mine(diagnostic, 'diagnostic')).toMatchObject({
      last_attempt_id: id,
      last_percent: 50,
      last_passed: null,
      can_start: false,
    });
  });

  it('never lists a quiz made for another school, not even while it is being made', async () => {
    // The student reads their list again and again while an admin makes quizzes for another school: the
    // quiz and its schools are one commit, so no read finds it published and aimed at nobody (every school).
    const made: number[] = [];
    const seen = new Set<number>();
    let making = true;
    const reading = (async () => {
      while (making) {
        const res = await t.request({ method: 'GET', url: '/api/my/assessments?kind=quiz', token: student });
        expect(res.statusCode, res.body).toBe(200);
        for (const a of res.json().data as MyAssessment[]) seen.add(a.id);
        // As requests off the network do, each read gives the event loop a turn (an injected read on SQLite
        // never leaves the microtask queue, and would keep the admin's request from ever being parsed).
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    try {
      for (let i = 0; i < 20; i++)
        made.push(await createAssessment(t, admin, { question_ids: questions, school_ids: [otherSchool] }));
    } finally {
      making = false;
    }
    await reading;
    expect(made).toHaveLength(20);
    expect(made.filter((id) => seen.has(id))).toEqual([]);
  });
});
