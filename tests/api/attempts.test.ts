import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_TYPES, type QuestionType } from '../../src/shared/contracts/questions.ts';
import {
  createAssessment,
  createQuestion,
  createTopics,
  EXPLANATION,
  newId,
  rightAnswer,
} from './factories/learning.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

describe.each(dialects)('taking assessments: integrity (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let student: string;
  let otherStudent: string;
  let outsider: string;
  let questionIds: Record<QuestionType, number>;
  let topics: number[];
  let mySchool: number;
  let otherSchool: number;

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    teacher = await t.login('teacher@pathbuilder.test');
    student = await t.login('student@pathbuilder.test');
    const schools = (
      await t.request({ method: 'GET', url: '/api/admin/schools?per_page=100', token: admin })
    ).json().data as Array<{ id: number; name: string }>;
    mySchool = schools.find((s) => s.name.startsWith('Little Acorns'))!.id;
    otherSchool = schools.find((s) => s.id !== mySchool)!.id;
    const o = await createUser(t, { school_id: mySchool });
    otherStudent = await t.login(o.email, o.password);
    const out = await createUser(t, { school_id: otherSchool });
    outsider = await t.login(out.email, out.password);
    topics = await createTopics(t, admin, 2);
    questionIds = {} as Record<QuestionType, number>;
    for (const type of QUESTION_TYPES)
      questionIds[type] = await createQuestion(
        t,
        admin,
        topics[type === 'ordering' || type === 'matching' ? 1 : 0]!,
        type,
      );
  });
  afterAll(() => t.close());

  const allQuestions = () => QUESTION_TYPES.map((type) => questionIds[type]);
  const start = (token: string, assessmentId: number, id = newId()) =>
    t.request({ method: 'POST', url: '/api/attempts', token, payload: { id, assessment_id: assessmentId } });
  const save = (
    token: string,
    attemptId: string,
    questionId: number,
    answer: unknown,
    answered_at = new Date().toISOString(),
  ) =>
    t.request({
      method: 'PUT',
      url: `/api/attempts/${attemptId}/answers/${questionId}`,
      token,
      payload: { answer, answered_at },
    });

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

  it('refuses answers to questions not in the attempt, and bad ids', async () => {
    const quiz = await createAssessment(t, admin, { question_ids: [questionIds.true_false] });
    const attempt = (await start(student, quiz)).json();
    expect(
      (await save(student, attempt.id, questionIds.single_choice, rightAnswer('single_choice'))).statusCode,
    ).toBe(422);
    for (const q of ['-1', '0', '99999999999999', 'abc']) {
      expect(
        (await save(student, attempt.id, q as unknown as number, rightAnswer('true_false'))).statusCode,
      ).toBe(422);
    }
    expect(
      (await t.request({ method: 'GET', url: '/api/attempts/not-a-uuid', token: student })).statusCode,
    ).toBe(422);
    expect((await start(student, -5)).statusCode).toBe(422);
    expect((await start(student, 2 ** 40)).statusCode).toBe(422);
  });

  it('shows a teacher’s quiz for their school to its students only', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/assessments',
      token: teacher,
      payload: {
        kind: 'quiz',
        title: 'Little Acorns weekly check',
        selection: 'fixed',
        question_ids: [questionIds.true_false, questionIds.short_answer],
        school_ids: [mySchool],
        published: true,
      },
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().assessment.id;
    const titles = async (token: string) =>
      (
        (await t.request({ method: 'GET', url: '/api/my/assessments?kind=quiz', token })).json()
          .data as Array<{ id: number }>
      ).map((a) => a.id);
    expect(await titles(student)).toContain(id);
    expect(await titles(outsider)).not.toContain(id);
    expect((await start(outsider, id)).statusCode).toBe(404);
    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/admin/assessments',
      token: teacher,
      payload: {
        kind: 'quiz',
        title: 'Not my school',
        selection: 'fixed',
        question_ids: [questionIds.true_false],
        school_ids: [otherSchool],
      },
    });
    expect(elsewhere.statusCode).toBe(403);
    const diagnostic = await t.request({
      method: 'POST',
      url: '/api/admin/assessments',
      token: teacher,
      payload: {
        kind: 'diagnostic',
        title: 'Sneaky diagnostic',
        selection: 'fixed',
        question_ids: [questionIds.true_false],
        school_ids: [mySchool],
      },
    });
    expect(diagnostic.statusCode).toBe(403);
  });

  it('hides answers and explanations when the review policy says never, and shows them after submit otherwise', async () => {
    const hidden = await createAssessment(t, admin, { question_ids: allQuestions(), review_policy: 'never' });
    const a = (await start(student, hidden)).json();
    await t.request({ method: 'POST', url: `/api/attempts/${a.id}/submit`, token: student, payload: {} });
    const analysis = await t.request({
      method: 'GET',
      url: `/api/attempts/${a.id}/analysis`,
      token: student,
    });
    expect(analysis.json().review_available).toBe(false);
    expect(analysis.body).not.toContain(EXPLANATION);
    expect(analysis.json().items.every((i: { correct_answer: unknown }) => i.correct_answer === null)).toBe(
      true,
    );

    // Questions no other assessment holds back: the ones above are held by the "never" quiz for good.
    const ordering = await createQuestion(t, admin, topics[1]!, 'ordering');
    const tf = await createQuestion(t, admin, topics[1]!, 'true_false');
    const open = await createAssessment(t, admin, { question_ids: [ordering, tf] });
    const b = (await start(student, open)).json();
    await save(student, b.id, ordering, rightAnswer('ordering'));
    await t.request({ method: 'POST', url: `/api/attempts/${b.id}/submit`, token: student, payload: {} });
    const shown = (
      await t.request({ method: 'GET', url: `/api/attempts/${b.id}/analysis`, token: student })
    ).json();
    const item = shown.items.find((i: { question: { type: string } }) => i.question.type === 'ordering');
    expect(item).toMatchObject({
      correct: true,
      correct_answer: 'Roll over → Sit → Crawl → Walk',
      answer_text: 'Roll over → Sit → Crawl → Walk',
      class_percent: 100,
      held_back: false,
    });
    expect(item.explanation).toContain(EXPLANATION);
    expect(shown.items.find((i: { question: { id: number } }) => i.question.id === tf)).toMatchObject({
      correct: false,
      held_back: false,
    });
  });

  it('unlocks the menu after a submitted diagnostic and reports it per subject', async () => {
    const fresh = await createUser(t, { school_id: mySchool, taken_diagnostics: 0 });
    const token = await t.login(fresh.email, fresh.password);
    const diag = await createAssessment(t, admin, {
      kind: 'diagnostic',
      question_ids: allQuestions(),
      attempts_allowed: 1,
    });
    const a = (await start(token, diag)).json();
    await save(token, a.id, questionIds.true_false, rightAnswer('true_false'));
    expect(
      (await t.request({ method: 'GET', url: '/api/refresh', token })).json().user.taken_diagnostics,
    ).toBe(0);
    await t.request({ method: 'POST', url: `/api/attempts/${a.id}/submit`, token, payload: {} });
    expect(
      (await t.request({ method: 'GET', url: '/api/refresh', token })).json().user.taken_diagnostics,
    ).toBe(1);
    const results = (await t.request({ method: 'GET', url: '/api/my/diagnostic-results', token })).json();
    expect(results.attempt_id).toBe(a.id);
    expect(results.subjects).toHaveLength(1);
    // The diagnostic is adaptive: it holds a pool and is marked on the questions it asked (here one).
    expect(results.subjects[0]).toMatchObject({ correct: 1, total: 1 });
    expect(results.subjects[0].micro_topics).toHaveLength(2);
  });

  it('remembers the question the student is on, so another device resumes there', async () => {
    const quiz = await createAssessment(t, admin, { question_ids: allQuestions() });
    const attempt = (await start(student, quiz)).json();
    const put = (token: string, position: unknown) =>
      t.request({ method: 'PUT', url: `/api/attempts/${attempt.id}/position`, token, payload: { position } });
    expect((await put(student, 4)).statusCode).toBe(204);
    const elsewhere = await t.login('student@pathbuilder.test');
    expect(
      (await t.request({ method: 'GET', url: `/api/attempts/${attempt.id}`, token: elsewhere })).json()
        .position,
    ).toBe(4);
    expect((await put(student, 6)).statusCode).toBe(422);
    expect((await put(student, -1)).statusCode).toBe(422);
    expect((await put(otherStudent, 1)).statusCode).toBe(404);
  });

  it('gives Test Yourself feedback after each answer and counts it toward proficiency', async () => {
    const [practiceTopic] = await createTopics(t, admin, 1);
    for (const type of ['single_choice', 'true_false', 'short_answer'] as const)
      await createQuestion(t, admin, practiceTopic!, type, { practice_only: true });
    const res = await t.request({
      method: 'POST',
      url: '/api/practice',
      token: student,
      payload: { id: newId(), micro_topic_ids: [practiceTopic], count: 3 },
    });
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p.kind).toBe('practice');
    expect(p.questions).toHaveLength(3);
    const q = p.questions[0];
    const fb = (await save(student, p.id, q.id, rightAnswer(q.type))).json();
    expect(fb.feedback.correct).toBe(true);
    expect(fb.feedback.explanation).toContain(EXPLANATION);
    const none = await t.request({
      method: 'POST',
      url: '/api/practice',
      token: student,
      payload: { id: newId(), micro_topic_ids: [999999], count: 3 },
    });
    expect(none.statusCode).toBe(422);
  });
});
