import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionType } from '../../src/shared/contracts/questions.ts';
import { startIntegrityApp } from './assessment-integrity-setup.ts';
import { createAssessment, EXPLANATION, rightAnswer } from './factories/learning.ts';
import { takingHelpers } from './factories/taking.ts';
import { createUser } from './factories/users.ts';
import { dialects, type TestApp } from './helpers.ts';

const MINUTE = 60_000;

/**
 * The security review's findings on the assessment engine, each reproduced the way it was found: no key,
 * flag or early review reaches a student before the assessment's policy allows it, and the clock holds.
 *
 * Here: the clock, the offline grace and concurrent saves (keys and review: assessment-integrity.test.ts).
 */
describe.each(dialects)('assessment integrity (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let school: number;
  beforeAll(async () => {
    ({ t, admin, school } = await startIntegrityApp(dialect));
  });
  afterAll(() => t.close());
  afterEach(() => resetClock());

  const { travelTo, resetClock, start, save, submit, analysis, result, studentOf, freshQuestions } =
    takingHelpers(
      () => t,
      () => admin,
    );
  const newStudent = async (over: { taken_diagnostics?: number } = {}) =>
    (await studentOf(school, over)).token;

  describe('release under "after close" waits for the last answer the grace could still accept', () => {
    it('keeps the review shut until close + offline grace, and refuses back-dated answers from a student who stayed online', async () => {
      const { ids } = await freshQuestions(['true_false', 'single_choice']);
      const now = Date.now();
      const closes = now + 30 * MINUTE;
      const exam = await createAssessment(t, admin, {
        kind: 'exam',
        question_ids: ids,
        opens_at: new Date(now - MINUTE).toISOString(),
        closes_at: new Date(closes).toISOString(),
        time_limit_minutes: 60,
        review_policy: 'after_close',
        offline_grace_minutes: 10,
        attempts_allowed: 1,
      });
      const early = await newStudent();
      const late = await newStudent();
      const a = (await start(early, exam)).json();
      await save(early, a.id, ids[0]!, rightAnswer('true_false'));
      await submit(early, a.id);
      const b = (await start(late, exam)).json();
      travelTo(closes - 5 * MINUTE);
      await save(late, b.id, ids[0]!, { type: 'true_false', value: false });

      // 20 s after the close: the early student may not read the key yet.
      travelTo(closes + 20_000);
      const shut = await analysis(early, a.id);
      expect(shut.review_available).toBe(false);
      expect(JSON.stringify(shut)).not.toContain(EXPLANATION);
      expect(shut.items.every((i: { correct: unknown }) => i.correct === null)).toBe(true);
      // The late student was online until 5 minutes before the close: an answer "given" before that is not offline.
      const backdated = await save(late, b.id, ids[1]!, rightAnswer('single_choice'), closes - 6 * MINUTE);
      expect(backdated.statusCode).toBe(409);
      const changed = await save(late, b.id, ids[0]!, rightAnswer('true_false'), closes - 6 * MINUTE);
      expect(changed.statusCode).toBe(409);

      travelTo(closes + 10 * MINUTE + 1000);
      const open = await analysis(early, a.id);
      expect(open.review_available).toBe(true);
      expect(open.items[0].correct_answer).not.toBeNull();
      expect((await result(late, b.id)).score).toBe(0);
    });

    it('treats "after close" without a close date as not released, and refuses to save one', async () => {
      const { ids } = await freshQuestions(['true_false']);
      const refused = await t.request({
        method: 'POST',
        url: '/api/admin/assessments',
        token: admin,
        payload: {
          kind: 'quiz',
          title: 'No close',
          selection: 'fixed',
          question_ids: ids,
          review_policy: 'after_close',
          published: true,
        },
      });
      expect(refused.statusCode).toBe(422);
      expect(Object.keys(refused.json().errors)).toEqual(['closes_at']);
      // One saved before the rule existed.
      const quiz = await createAssessment(t, admin, { question_ids: ids });
      await t.ctx.db
        .updateTable('assessments')
        .set({ review_policy: 'after_close', closes_at: null })
        .where('id', '=', quiz)
        .execute();
      const s = await newStudent();
      const a = (await start(s, quiz)).json();
      await save(s, a.id, ids[0]!, rightAnswer('true_false'));
      await submit(s, a.id);
      const shown = await analysis(s, a.id);
      expect(shown.review_available).toBe(false);
      expect(JSON.stringify(shown)).not.toContain(EXPLANATION);
      expect(shown.items[0].correct).toBeNull();
    });
  });

  describe('the offline grace is for students who were offline', () => {
    it('accepts answers given offline before the deadline, records that the grace was used, and refuses the rest', async () => {
      const { ids } = await freshQuestions(['true_false', 'single_choice', 'short_answer']);
      const quiz = await createAssessment(t, admin, {
        question_ids: ids,
        time_limit_minutes: 10,
        offline_grace_minutes: 10,
      });
      const s = await newStudent();
      const t0 = Date.now();
      const a = (await start(s, quiz)).json();
      travelTo(t0 + 2 * MINUTE);
      await save(s, a.id, ids[0]!, rightAnswer('true_false'));
      // The device goes offline at minute 2; the student answers at minute 8; it reaches the server at 14.
      travelTo(t0 + 14 * MINUTE);
      const offline = await save(s, a.id, ids[1]!, rightAnswer('single_choice'), t0 + 8 * MINUTE);
      expect(offline.statusCode).toBe(200);
      // An answer claimed for minute 1, before the server last heard from the attempt: refused.
      const claimed = await save(s, a.id, ids[2]!, rightAnswer('short_answer'), t0 + MINUTE);
      expect(claimed.statusCode).toBe(409);
      // After the deadline itself: refused.
      const after = await save(s, a.id, ids[2]!, rightAnswer('short_answer'), t0 + 12 * MINUTE);
      expect(after.statusCode).toBe(409);
      const r = (await submit(s, a.id)).json();
      expect(r).toMatchObject({ score: 2, used_offline_grace: true, late_answers: 1 });
      // A late submit counts as made at the deadline: no extra time on the clock.
      expect(Date.parse(r.submitted_at)).toBe(Date.parse(a.deadline_at));
      // Staff see it on the result too.
      expect((await result(admin, a.id)).used_offline_grace).toBe(true);
    });

    it('lists who used the grace for staff: a teacher sees their own school’s students only', async () => {
      const { ids } = await freshQuestions(['true_false']);
      const quiz = await createAssessment(t, admin, { question_ids: ids, time_limit_minutes: 5 });
      const other = (await t.ctx.db
        .selectFrom('schools')
        .select('id')
        .where('id', '!=', school)
        .executeTakeFirstOrThrow())!.id;
      const mine = await newStudent();
      const theirs = await createUser(t, { school_id: other, taken_diagnostics: 1 });
      const theirsToken = await t.login(theirs.email, theirs.password);
      const t0 = Date.now();
      const a = (await start(mine, quiz)).json();
      await start(theirsToken, quiz);
      travelTo(t0 + 6 * MINUTE);
      await submit(mine, a.id);
      const teacher = await t.login('teacher@pathbuilder.test');
      const seen = await t.request({
        method: 'GET',
        url: `/api/admin/assessments/${quiz}/attempts`,
        token: teacher,
      });
      expect(seen.statusCode).toBe(200);
      expect(seen.json().data).toHaveLength(1);
      expect(seen.json().data[0]).toMatchObject({ id: a.id, used_offline_grace: true, status: 'submitted' });
      const all = await t.request({
        method: 'GET',
        url: `/api/admin/assessments/${quiz}/attempts`,
        token: admin,
      });
      expect(all.json().data).toHaveLength(2);
      // The teacher may open that student's result, not the other school's.
      expect(
        (await t.request({ method: 'GET', url: `/api/attempts/${a.id}/result`, token: teacher })).statusCode,
      ).toBe(200);
    });

    it('marks a submit that arrives after the deadline as late, even with no late answers', async () => {
      const { ids } = await freshQuestions(['true_false']);
      const quiz = await createAssessment(t, admin, { question_ids: ids, time_limit_minutes: 5 });
      const s = await newStudent();
      const t0 = Date.now();
      const a = (await start(s, quiz)).json();
      await save(s, a.id, ids[0]!, rightAnswer('true_false'));
      travelTo(t0 + 7 * MINUTE);
      const r = (await submit(s, a.id)).json();
      expect(r).toMatchObject({ used_offline_grace: true, late_answers: 0, auto_submitted: false });
      expect(r.time_taken_seconds).toBeLessThanOrEqual(5 * 60);
    });
  });

  describe('concurrency', () => {
    it('grades every answer that was acknowledged while a submit ran', async () => {
      const types: QuestionType[] = ['true_false', 'single_choice', 'multiple_choice', 'short_answer'];
      const { ids } = await freshQuestions([...types, ...types, ...types]);
      const quiz = await createAssessment(t, admin, { question_ids: ids, attempts_allowed: null });
      const s = await newStudent();
      for (let round = 0; round < 5; round++) {
        const a = (await start(s, quiz)).json();
        const saves = ids.map((id, i) => save(s, a.id, id, rightAnswer(types[i % types.length]!)));
        const [submitted, ...saved] = await Promise.all([submit(s, a.id), ...saves]);
        expect(submitted.statusCode).toBe(200);
        const acknowledged = saved.filter((r) => r.statusCode === 200).length;
        for (const r of saved) expect([200, 409]).toContain(r.statusCode);
        // Every acknowledged answer was graded: the score counts exactly those (all are right).
        const r = await result(s, a.id);
        expect(r.score).toBe(acknowledged);
        const ungraded = await t.ctx.db
          .selectFrom('attempt_answers')
          .select('question_id')
          .where('attempt_id', '=', a.id)
          .where('correct', 'is', null)
          .execute();
        expect(ungraded).toEqual([]);
      }
    });

    it('answers a double-clicked Start with the one attempt, not "used all attempts"', async () => {
      const { ids } = await freshQuestions(['true_false']);
      const exam = await createAssessment(t, admin, { question_ids: ids, attempts_allowed: 1 });
      const s = await newStudent();
      for (let round = 0; round < 3; round++) {
        const quiz =
          round === 0 ? exam : await createAssessment(t, admin, { question_ids: ids, attempts_allowed: 1 });
        const [one, two] = await Promise.all([start(s, quiz), start(s, quiz)]);
        expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
        expect(one.json().id).toBe(two.json().id);
      }
    });
  });
});
