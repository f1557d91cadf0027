import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_TYPES, type QuestionType } from '../../src/shared/contracts/questions.ts';
import { attemptCalls, startAttemptsWorld } from './attempts-setup.ts';
import {
  createAssessment,
  createQuestion,
  createTopics,
  EXPLANATION,
  newId,
  rightAnswer,
} from './factories/learning.ts';
import { createUser } from './factories/users.ts';
import { dialects, type TestApp } from './helpers.ts';

// Taking assessments: bad ids, who sees a quiz, review, the diagnostic, resuming and Test Yourself feedback
// (keys, grading and deadlines: attempts.test.ts).
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
    ({ t, admin, teacher, student, otherStudent, outsider, questionIds, topics, mySchool, otherSchool } =
      await startAttemptsWorld(dialect));
  });
  afterAll(() => t.close());
  const { start, save } = attemptCalls(() => t);

  const allQuestions = () => QUESTION_TYPES.map((type) => questionIds[type]);

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
    // Questions no other assessment holds: a tally of one that another does would be its right/wrong flag,
    // so it would show none (diagnostic-pool.test.ts).
    const ownTopics = await createTopics(t, admin, 2);
    const trueFalse = await createQuestion(t, admin, ownTopics[0]!, 'true_false');
    const single = await createQuestion(t, admin, ownTopics[1]!, 'single_choice');
    const diag = await createAssessment(t, admin, {
      kind: 'diagnostic',
      question_ids: [trueFalse, single],
      attempts_allowed: 1,
    });
    const a = (await start(token, diag)).json();
    await save(token, a.id, trueFalse, rightAnswer('true_false'));
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
    // The options can be marked: a choice question's feedback carries its right answer as a value.
    const byType = new Map(p.questions.map((x: { id: number; type: string }) => [x.type, x.id]));
    for (const type of ['single_choice', 'true_false', 'short_answer'] as const) {
      if (type === q.type) continue;
      const given = (await save(student, p.id, byType.get(type) as number, rightAnswer(type))).json();
      expect(given.feedback.correct_value).toEqual(type === 'short_answer' ? null : rightAnswer(type));
    }
    expect(fb.feedback.correct_value).toEqual(q.type === 'short_answer' ? null : rightAnswer(q.type));
    const none = await t.request({
      method: 'POST',
      url: '/api/practice',
      token: student,
      payload: { id: newId(), micro_topic_ids: [999999], count: 3 },
    });
    expect(none.statusCode).toBe(422);
  });
});
