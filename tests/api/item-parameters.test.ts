import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DONT_KNOW } from '../../src/shared/contracts/attempts.ts';
import type { Question } from '../../src/shared/contracts/questions.ts';
import {
  itemModels,
  refitIfGrown,
  refitItemParameters,
} from '../../src/server/features/learning/item-parameters.ts';
import { defaultItemModel } from '../../src/server/features/diagnostic/item-model.ts';
import { createItemParametersRepository } from '../../src/server/features/learning/item-parameters.repository.ts';
import { createAssessment, newId, rightAnswer } from './factories/learning.ts';
import { takingHelpers } from './factories/taking.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

/** A fixed pseudo-random sequence: the same answers on every run. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe.each(dialects)('item parameters learned from answers (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let school: number;
  const h = takingHelpers(
    () => t,
    () => admin,
  );
  const question = async (id: number, token = admin) =>
    t.request({ method: 'GET', url: `/api/admin/questions/${id}`, token });

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    const demo = await t.login('student@pathbuilder.test');
    school = (await t.request({ method: 'GET', url: '/api/refresh', token: demo })).json().user.school_id;
  });
  afterAll(() => t.close());

  /**
   * 160 students on a fresh topic of three questions: half know it (right 90 % of the time), half do not
   * (short answers right 5 %, "I don't know" often); on the choice question (three options) the
   * non-knowers are right 60 % of the time, nearly twice what its type assumes.
   */
  async function answersOnAFreshTopic() {
    const { topic, ids } = await h.freshQuestions(['single_choice', 'short_answer', 'short_answer']);
    const [choice, short1, short2] = ids as [number, number, number];
    const rnd = random(25);
    const now = new Date().toISOString();
    const users = await t.ctx.db
      .insertInto('users')
      .values(
        Array.from({ length: 160 }, (_, i) => ({
          email: `fit${i}.${topic}@example.test`,
          full_name: `Fit Student ${i}`,
          password_hash: 'not-a-login',
          is_admin: 0,
          is_teacher: 0,
          taken_diagnostics: 1,
          school_id: school,
          location_id: null,
          email_verified_at: now,
          is_active: 1,
          created_at: now,
          updated_at: now,
        })),
      )
      .returning('id')
      .execute();
    const wrong = JSON.stringify({ type: 'short_answer', text: 'no idea' });
    const answers: Array<{
      attempt_id: string;
      question_id: number;
      answer: string | null;
      correct: number;
    }> = [];
    for (const [i, u] of users.entries()) {
      const knows = i % 2 === 0;
      const id = newId();
      await t.ctx.db
        .insertInto('attempts')
        .values({
          id,
          user_id: u.id,
          assessment_id: null,
          kind: 'practice',
          title: 'Test Yourself',
          status: 'submitted',
          question_ids: JSON.stringify(ids),
          position: 0,
          started_at: now,
          submitted_at: now,
          auto_submitted: 0,
          used_offline_grace: 0,
        })
        .execute();
      for (const q of [choice, short1, short2]) {
        const rightChance = knows ? 0.9 : q === choice ? 0.6 : 0.05;
        const dontKnow = !knows && q !== choice && rnd() < 0.4;
        const right = !dontKnow && rnd() < rightChance;
        answers.push({
          attempt_id: id,
          question_id: q,
          answer: dontKnow
            ? JSON.stringify(DONT_KNOW)
            : right
              ? JSON.stringify(rightAnswer('short_answer'))
              : wrong,
          correct: right ? 1 : 0,
        });
      }
    }
    await t.ctx.db
      .insertInto('attempt_answers')
      .values(answers.map((a) => ({ ...a, flagged: 0, answered_at: now, saved_at: now, via_grace: 0 })))
      .execute();
    return { topic, choice, short1, short2 };
  }

  it('fits each question from the stored answers, and shows the rates to admins beside the question', async () => {
    const { choice, short1, topic } = await answersOnAFreshTopic();
    const before = (await question(choice)).json().question as Question;
    expect(before.parameters.fitted_at).toBeNull();
    expect(before.parameters.answers).toBe(0);
    const defaultGuess = before.parameters.guess;

    // The demo seed fitted its own answers; 480 more is past max(200, 10 %): the sweep refits.
    const seeded = await t.ctx.db.selectFrom('item_parameters').select('question_id').execute();
    expect(seeded.length).toBeGreaterThan(0);
    const refit = await refitIfGrown(t.ctx.db, new Date());
    expect(refit).not.toBeNull();
    const done = refit!;
    expect(done.answers).toBeGreaterThanOrEqual(480);
    // Read a page at a time, every answer comes once, as in one read.
    const repo = createItemParametersRepository(t.ctx.db);
    const whole = await repo.answerColumns();
    const paged = await repo.answerColumns(7);
    expect(paged.length).toBe(whole.length);
    expect(whole.length).toBe(done.answers);
    const triples = (c: typeof whole) =>
      Array.from({ length: c.length }, (_, k) => `${c.user[k]} ${c.question[k]} ${c.outcome[k]}`).sort();
    expect(triples(paged)).toEqual(triples(whole));
    expect(triples(whole).filter((x) => x.endsWith(' 2')).length).toBeGreaterThan(20);

    const after = (await question(choice)).json().question as Question;
    expect(after.parameters.fitted_at).not.toBeNull();
    expect(after.parameters.answers).toBe(160);
    // Non-knowers were right 60 % of the time: the fitted guess rises well above the type's.
    expect(after.parameters.guess).toBeGreaterThan(defaultGuess + 0.12);
    const short = (await question(short1)).json().question as Question;
    // Knowers slipped about 10 %; non-knowers chose "I don't know" far more often than knowers.
    expect(short.parameters.slip).toBeLessThan(0.2);
    expect(short.parameters.guess).toBeLessThan(after.parameters.guess);
    expect(short.parameters.dont_know_unknown).toBeGreaterThan(short.parameters.dont_know_known + 0.15);

    // The list carries the same figures.
    const list = await t.request({
      method: 'GET',
      url: `/api/admin/questions?micro_topic_id=${topic}`,
      token: admin,
    });
    const listed = (list.json().data as Question[]).find((q) => q.id === choice)!;
    expect(listed.parameters).toEqual(after.parameters);

    const topicRow = await t.ctx.db
      .selectFrom('topic_parameters')
      .selectAll()
      .where('micro_topic_id', '=', topic)
      .executeTakeFirstOrThrow();
    expect(topicRow.students).toBe(160);
    expect(topicRow.leak).toBeGreaterThan(0);

    // The diagnostic and the mastery model score with the fitted rates; a question without a row, its type's.
    const { ids: unanswered } = await h.freshQuestions(['true_false']);
    const tf = { type: 'true_false', correct: true } as const;
    const models = await itemModels(t.ctx.db, [
      { id: choice, content: after.content },
      { id: unanswered[0]!, content: tf },
    ]);
    expect(models.get(choice)!.guess).toBeCloseTo(after.parameters.guess, 9);
    expect(models.get(unanswered[0]!)).toEqual(defaultItemModel(tf));

    // Nothing new since: the sweep leaves the fit alone.
    expect(await refitIfGrown(t.ctx.db, new Date())).toBeNull();
  });

  it('never sends the rates to students, and keeps the staff payloads from them', async () => {
    const { ids } = await h.freshQuestions(['single_choice', 'true_false']);
    await refitItemParameters(t.ctx.db, new Date());
    const student = await h.studentOf(school);
    const quiz = await createAssessment(t, admin, { question_ids: ids, school_ids: [school] });
    const started = await h.start(student.token, quiz);
    expect(started.statusCode).toBe(200);
    const attempt = started.json().id as string;
    await h.save(student.token, attempt, ids[0]!, rightAnswer('single_choice'));
    const view = await t.request({ method: 'GET', url: `/api/attempts/${attempt}`, token: student.token });
    expect(view.statusCode).toBe(200);
    expect((await h.submit(student.token, attempt)).statusCode).toBe(200);
    const result = await t.request({
      method: 'GET',
      url: `/api/attempts/${attempt}/result`,
      token: student.token,
    });
    for (const body of [started.body, view.body, result.body])
      expect(body).not.toMatch(/parameters|slip|guess|dont_know_known|dont_know_unknown|fitted_at/);

    expect((await question(ids[0]!, student.token)).statusCode).toBe(403);
    const bank = await t.request({ method: 'GET', url: '/api/admin/questions', token: student.token });
    expect(bank.statusCode).toBe(403);
  });
});
