import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_TYPES, type QuestionType } from '../../src/shared/contracts/questions.ts';
import { attemptCalls, startAttemptsWorld } from './attempts-setup.ts';
import { createAssessment, EXPLANATION, newId, rightAnswer } from './factories/learning.ts';
import { dialects, type TestApp } from './helpers.ts';

// Taking assessments: keys, grading, ownership, limits and deadlines (review and feedback: attempts-review.test.ts).
describe.each(dialects)('taking assessments: integrity (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let student: string;
  let otherStudent: string;
  let questionIds: Record<QuestionType, number>;
  beforeAll(async () => {
    ({ t, admin, student, otherStudent, questionIds } = await startAttemptsWorld(dialect));
  });
  afterAll(() => t.close());
  const { start, save } = attemptCalls(() => t);

  const allQuestions = () => QUESTION_TYPES.map((type) => questionIds[type]);

  it('never sends a student an answer key or explanation while taking', async () => {
    const quiz = await createAssessment(t, admin, { question_ids: allQuestions(), shuffle_options: true });
    const res = await start(student, quiz);
    expect(res.statusCode).toBe(200);
    const attempt = res.json();
    expect(attempt.questions).toHaveLength(6);
    const payloads = [
      res.body,
      (await t.request({ method: 'GET', url: `/api/attempts/${attempt.id}`, token: student })).body,
    ];
    for (const type of QUESTION_TYPES)
      payloads.push((await save(student, attempt.id, questionIds[type], rightAnswer(type))).body);
    for (const body of payloads) {
      expect(body).not.toContain(EXPLANATION);
      expect(body).not.toMatch(
        /"(correct|accepted|content|pairs|explanation|correct_answer)"\s*:\s*(?!null)/,
      );
    }
    const matching = attempt.questions.find((q: { type: string }) => q.type === 'matching');
    // The right-hand side and the ordering items come shuffled, uniformly over every order (the key's own
    // among them, or the order shown would tell the key: option-order.test.ts), so only the set is fixed.
    expect(matching.right.map((r: { id: string }) => r.id).sort()).toEqual(['rx', 'ry', 'rz']);
    const ordering = attempt.questions.find((q: { type: string }) => q.type === 'ordering');
    expect(ordering.options.map((r: { id: string }) => r.id).sort()).toEqual(['i1', 'i2', 'i3', 'i4']);
  });

  it('grades every type on the server and counts a retried save once', async () => {
    const quiz = await createAssessment(t, admin, { question_ids: allQuestions() });
    const attempt = (await start(student, quiz)).json();
    for (const type of QUESTION_TYPES) {
      expect((await save(student, attempt.id, questionIds[type], rightAnswer(type))).statusCode).toBe(200);
      expect((await save(student, attempt.id, questionIds[type], rightAnswer(type))).statusCode).toBe(200);
    }
    // A wrong true/false answer given earlier (an old retry arriving late) does not overwrite the newer right one.
    await save(
      student,
      attempt.id,
      questionIds.true_false,
      { type: 'true_false', value: false },
      new Date(Date.now() - 60_000).toISOString(),
    );
    const again = (
      await t.request({ method: 'GET', url: `/api/attempts/${attempt.id}`, token: student })
    ).json();
    expect(again.answers).toHaveLength(6);
    expect(
      again.answers.find((a: { question_id: number }) => a.question_id === questionIds.true_false).answer,
    ).toEqual({ type: 'true_false', value: true });
    const first = await t.request({
      method: 'POST',
      url: `/api/attempts/${attempt.id}/submit`,
      token: student,
      payload: {},
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ score: 6, max_score: 6, percent: 100, passed: true });
    const second = await t.request({
      method: 'POST',
      url: `/api/attempts/${attempt.id}/submit`,
      token: student,
      payload: {},
    });
    expect(second.json()).toEqual(first.json());
    expect(
      (await save(student, attempt.id, questionIds.true_false, { type: 'true_false', value: false }))
        .statusCode,
    ).toBe(409);
  });

  it('makes a retried start with the same id the same attempt, and refuses that id to anyone else', async () => {
    const quiz = await createAssessment(t, admin, { question_ids: allQuestions() });
    const id = newId();
    const a = (await start(student, quiz, id)).json();
    const b = (await start(student, quiz, id)).json();
    expect(b.id).toBe(a.id);
    expect(b.questions.map((q: { id: number }) => q.id)).toEqual(
      a.questions.map((q: { id: number }) => q.id),
    );
    // Another device with a new id resumes the attempt in progress rather than starting a second.
    expect((await start(student, quiz)).json().id).toBe(id);
    expect((await start(otherStudent, quiz, id)).statusCode).toBe(409);
  });

  it("never lets a student read or write another student's attempt", async () => {
    const quiz = await createAssessment(t, admin, { question_ids: allQuestions() });
    const attempt = (await start(student, quiz)).json();
    expect(
      (await t.request({ method: 'GET', url: `/api/attempts/${attempt.id}`, token: otherStudent }))
        .statusCode,
    ).toBe(404);
    expect(
      (await save(otherStudent, attempt.id, questionIds.true_false, rightAnswer('true_false'))).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/attempts/${attempt.id}/submit`,
          token: otherStudent,
          payload: {},
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: `/api/attempts/${attempt.id}/result`, token: otherStudent }))
        .statusCode,
    ).toBe(404);
    const mine = (
      await t.request({ method: 'GET', url: `/api/attempts/${attempt.id}`, token: student })
    ).json();
    expect(mine.answers).toHaveLength(0);
  });

  it('refuses attempts beyond the number allowed', async () => {
    const quiz = await createAssessment(t, admin, {
      question_ids: [questionIds.true_false],
      attempts_allowed: 1,
    });
    const a = (await start(student, quiz)).json();
    await t.request({ method: 'POST', url: `/api/attempts/${a.id}/submit`, token: student, payload: {} });
    const again = await start(student, quiz);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have used all 1 attempt at this assessment.');
  });

  it('refuses late saves past the deadline, accepts answers given offline before it, and submits at the deadline', async () => {
    const quiz = await createAssessment(t, admin, {
      question_ids: allQuestions(),
      time_limit_minutes: 10,
      offline_grace_minutes: 10,
    });
    const attempt = (await start(student, quiz)).json();
    expect(Date.parse(attempt.deadline_at) - Date.parse(attempt.started_at)).toBe(10 * 60_000);
    // Move the clock: the deadline passed a minute ago.
    const deadline = new Date(Date.now() - 60_000).toISOString();
    await t.ctx.db
      .updateTable('attempts')
      .set({
        started_at: new Date(Date.now() - 11 * 60_000).toISOString(),
        deadline_at: deadline,
        grace_until: new Date(Date.now() + 9 * 60_000).toISOString(),
        // The server last heard from this attempt when it started: the device went offline then.
        last_seen_at: new Date(Date.now() - 11 * 60_000).toISOString(),
      })
      .where('id', '=', attempt.id)
      .execute();
    const late = await save(student, attempt.id, questionIds.true_false, rightAnswer('true_false'));
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Time is up: answers given after the deadline are not accepted.');
    const offline = await save(
      student,
      attempt.id,
      questionIds.single_choice,
      rightAnswer('single_choice'),
      new Date(Date.now() - 2 * 60_000).toISOString(),
    );
    expect(offline.statusCode).toBe(200);
    // The grace is over: reading the attempt submits it, with what was on time.
    await t.ctx.db
      .updateTable('attempts')
      .set({ grace_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', attempt.id)
      .execute();
    const after = (
      await t.request({ method: 'GET', url: `/api/attempts/${attempt.id}`, token: student })
    ).json();
    expect(after.status).toBe('submitted');
    const result = (
      await t.request({ method: 'GET', url: `/api/attempts/${attempt.id}/result`, token: student })
    ).json();
    expect(result).toMatchObject({
      score: 1,
      max_score: 6,
      auto_submitted: true,
      submitted_at: deadline,
      used_offline_grace: true,
      late_answers: 1,
    });
  });

  it('submits expired attempts in the background sweep too', async () => {
    const quiz = await createAssessment(t, admin, {
      question_ids: [questionIds.true_false],
      time_limit_minutes: 5,
    });
    const attempt = (await start(student, quiz)).json();
    await t.ctx.db
      .updateTable('attempts')
      .set({
        deadline_at: new Date(Date.now() - 120_000).toISOString(),
        grace_until: new Date(Date.now() - 60_000).toISOString(),
      })
      .where('id', '=', attempt.id)
      .execute();
    const { createAttemptsService } = await import('../../src/server/features/attempts/attempts.service.ts');
    const { createAssessmentsService } =
      await import('../../src/server/features/assessments/assessments.service.ts');
    const svc = createAttemptsService(t.ctx, {
      assessments: createAssessmentsService(t.ctx, {
        teacherSchoolIds: async () => [],
        revealedByPractice: async () => [],
        audit: async () => {},
      }),
    });
    expect(await svc.sweepExpired()).toBeGreaterThanOrEqual(1);
    const row = await t.ctx.db
      .selectFrom('attempts')
      .select(['status', 'auto_submitted'])
      .where('id', '=', attempt.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'submitted', auto_submitted: 1 });
  });

  it.each([
    ['a choice that is not an option', 'single_choice', { type: 'single_choice', choice: 'nope' }],
    ['a choice listed twice', 'multiple_choice', { type: 'multiple_choice', choices: ['m1', 'm1'] }],
    ['the wrong answer type', 'true_false', { type: 'short_answer', text: 'yes' }],
    ['a string for true/false', 'true_false', { type: 'true_false', value: 'true' }],
    ['an empty short answer', 'short_answer', { type: 'short_answer', text: '   ' }],
    ['a huge short answer', 'short_answer', { type: 'short_answer', text: 'x'.repeat(10_000) }],
    ['an unknown matching item', 'matching', { type: 'matching', pairs: { l1: 'zz' } }],
    ['a right item used twice', 'matching', { type: 'matching', pairs: { l1: 'rx', l2: 'rx' } }],
    ['an order missing an item', 'ordering', { type: 'ordering', order: ['i1', 'i2', 'i3'] }],
    ['an unknown field', 'true_false', { type: 'true_false', value: true, extra: 1 }],
  ])('refuses %s with 422 and saves nothing', async (_label, type, answer) => {
    const quiz = await createAssessment(t, admin, { question_ids: allQuestions() });
    const attempt = (await start(student, quiz)).json();
    const res = await save(student, attempt.id, questionIds[type as QuestionType], answer);
    expect(res.statusCode).toBe(422);
    expect(
      (await t.request({ method: 'GET', url: `/api/attempts/${attempt.id}`, token: student })).json().answers,
    ).toHaveLength(0);
  });
});
