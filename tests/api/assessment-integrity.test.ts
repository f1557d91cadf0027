import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startIntegrityApp } from './assessment-integrity-setup.ts';
import { createAssessment, newId, rightAnswer } from './factories/learning.ts';
import { takingHelpers } from './factories/taking.ts';
import { dialects, type TestApp } from './helpers.ts';

const MINUTE = 60_000;

/**
 * The security review's findings on the assessment engine, each reproduced the way it was found: no key,
 * flag or early review reaches a student before the assessment's policy allows it, and the clock holds.
 *
 * Here: keys and flags, and the review (the clock: assessment-integrity-clock.test.ts).
 */
describe.each(dialects)('assessment integrity (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let student: string;
  let school: number;
  beforeAll(async () => {
    ({ t, admin, student, school } = await startIntegrityApp(dialect));
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

  describe('Test Yourself never hands out a key an assessment still holds back', () => {
    it('draws nothing from the seeded exams and quizzes, nor from the diagnostic while the student is taking it', async () => {
      const topics = (await t.ctx.db.selectFrom('micro_topics').select('id').execute()).map((r) => r.id);
      const fixed = await t.ctx.db
        .selectFrom('assessment_questions')
        .innerJoin('assessments', 'assessments.id', 'assessment_questions.assessment_id')
        .select(['assessment_questions.question_id', 'assessments.kind'])
        .execute();
      const drawnTopics = await t.ctx.db.selectFrom('assessment_draws').select('micro_topic_id').execute();
      const drawPools = await t.ctx.db
        .selectFrom('questions')
        .select('id')
        .where(
          'micro_topic_id',
          'in',
          drawnTopics.map((d) => d.micro_topic_id),
        )
        .where('practice_only', '=', 0)
        .execute();
      // Quizzes and exams hold their keys from everyone; the diagnostic (the whole assessable bank) from a
      // student while they are taking it.
      const heldFromAll = new Set([
        ...fixed.filter((f) => f.kind !== 'diagnostic').map((f) => f.question_id),
        ...drawPools.map((q) => q.id),
      ]);
      const inDiagnostic = new Set(fixed.filter((f) => f.kind === 'diagnostic').map((f) => f.question_id));
      const diagnostic = (
        await t.ctx.db
          .selectFrom('assessments')
          .select('id')
          .where('kind', '=', 'diagnostic')
          .executeTakeFirstOrThrow()
      ).id;
      expect(heldFromAll.size).toBeGreaterThan(100);
      expect(inDiagnostic.size).toBe(195);
      const drawn = async (token: string) => {
        const seen = new Set<number>();
        for (let round = 0; round < 4; round++) {
          const res = await t.request({
            method: 'POST',
            url: '/api/practice',
            token,
            payload: { id: newId(), micro_topic_ids: topics.slice(0, 100), count: 50 },
          });
          expect(res.statusCode).toBe(200);
          for (const q of res.json().questions as Array<{ id: number }>) seen.add(q.id);
        }
        expect(seen.size).toBeGreaterThan(40);
        return [...seen];
      };
      // The demo student has taken the diagnostic (its one attempt).
      expect((await drawn(student)).filter((id) => heldFromAll.has(id))).toEqual([]);
      // Let in (by another diagnostic, say) and in the middle of this one: only Test Yourself's own questions.
      const midway = await newStudent();
      const started = await start(midway, diagnostic);
      expect(started.statusCode, started.body).toBe(200);
      const waiting = await drawn(midway);
      expect(waiting.filter((id) => heldFromAll.has(id) || inDiagnostic.has(id))).toEqual([]);
    });

    it('keeps a question out of practice while an exam that uses it is open or upcoming, and lets it in after', async () => {
      const { topic, ids } = await freshQuestions(['true_false', 'single_choice']);
      const now = Date.now();
      const exam = await createAssessment(t, admin, {
        kind: 'exam',
        question_ids: [ids[0]!],
        opens_at: new Date(now + 7 * 24 * 60 * MINUTE).toISOString(),
        closes_at: new Date(now + 8 * 24 * 60 * MINUTE).toISOString(),
        review_policy: 'after_close',
        offline_grace_minutes: 10,
        attempts_allowed: 1,
      });
      const practise = async () => {
        // Logged in at the travelled time: a session lasts hours, not a week.
        const token = await t.login('student@pathbuilder.test');
        const res = await t.request({
          method: 'POST',
          url: '/api/practice',
          token,
          payload: { id: newId(), micro_topic_ids: [topic], count: 5 },
        });
        expect(res.statusCode).toBe(200);
        return (res.json().questions as Array<{ id: number }>).map((q) => q.id);
      };
      expect(await practise()).toEqual([ids[1]]);
      // The exam closed and its answers are out (close + grace): the question is free for practice.
      travelTo(now + 8 * 24 * 60 * MINUTE + 11 * MINUTE);
      expect((await practise()).sort()).toEqual([...ids].sort());
      expect(exam).toBeGreaterThan(0);
    });

    it('refuses a Test Yourself question in an assessment, and a used question cannot become one', async () => {
      const { ids } = await freshQuestions(['true_false'], { practice_only: true });
      const res = await t.request({
        method: 'POST',
        url: '/api/admin/assessments',
        token: admin,
        payload: { kind: 'quiz', title: 'Leaky', selection: 'fixed', question_ids: ids, published: true },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.question_ids[0]).toMatch(/Test Yourself questions cannot be used/);
    });

    it('counts the first practice answer: once the key is shown the answer cannot change', async () => {
      const { topic, ids } = await freshQuestions(['true_false'], { practice_only: true });
      const p = (
        await t.request({
          method: 'POST',
          url: '/api/practice',
          token: student,
          payload: { id: newId(), micro_topic_ids: [topic], count: 1 },
        })
      ).json();
      const wrong = { type: 'true_false', value: false };
      const first = await save(student, p.id, ids[0]!, wrong);
      expect(first.json().feedback).toMatchObject({ correct: false });
      // A retried delivery of the same answer is fine; a change after seeing the key is not.
      expect((await save(student, p.id, ids[0]!, wrong)).statusCode).toBe(200);
      const change = await save(student, p.id, ids[0]!, rightAnswer('true_false'));
      expect(change.statusCode).toBe(409);
      expect(change.json().message).toBe('In Test Yourself your first answer counts; it cannot be changed.');
      const r = (await submit(student, p.id)).json();
      expect(r.score).toBe(0);
    });
  });

  describe('no right/wrong flag before the answers are released', () => {
    it('shows the score only under "never": no flags, no per-topic tallies, no class figures', async () => {
      const { ids } = await freshQuestions(['true_false', 'true_false', 'true_false']);
      const quiz = await createAssessment(t, admin, { question_ids: ids, review_policy: 'never' });
      for (const token of [student, await newStudent()]) {
        const a = (await start(token, quiz)).json();
        await save(token, a.id, ids[0]!, rightAnswer('true_false'));
        await save(token, a.id, ids[1]!, { type: 'true_false', value: false });
        const r = (await submit(token, a.id)).json();
        expect(r.score).toBe(1);
        expect(r.per_micro_topic.every((m: { correct: unknown }) => m.correct === null)).toBe(true);
        const an = await analysis(token, a.id);
        expect(an.items.map((i: { correct: unknown }) => i.correct)).toEqual([null, null, null]);
        expect(an.items.every((i: { class_percent: unknown }) => i.class_percent === null)).toBe(true);
      }
    });

    it('hides a key that this quiz releases while another open assessment still uses the question', async () => {
      const { ids } = await freshQuestions(['true_false', 'single_choice']);
      const now = Date.now();
      await createAssessment(t, admin, {
        kind: 'exam',
        question_ids: [ids[0]!],
        opens_at: new Date(now - MINUTE).toISOString(),
        closes_at: new Date(now + 60 * MINUTE).toISOString(),
        review_policy: 'after_close',
        attempts_allowed: 1,
      });
      const quiz = await createAssessment(t, admin, { question_ids: ids });
      const s = await newStudent();
      const a = (await start(s, quiz)).json();
      await submit(s, a.id);
      const an = await analysis(s, a.id);
      const byId = new Map(an.items.map((i: { question: { id: number } }) => [i.question.id, i]));
      expect(byId.get(ids[0]!)).toMatchObject({ held_back: true, correct: null, correct_answer: null });
      expect(byId.get(ids[1]!)).toMatchObject({ held_back: false, correct: false });
    });

    it("shows no tally for a quiz's topic whose one question an open exam holds; the other topics keep theirs", async () => {
      const shared = await freshQuestions(['true_false']);
      const own = await freshQuestions(['true_false', 'true_false']);
      const now = Date.now();
      await createAssessment(t, admin, {
        kind: 'exam',
        question_ids: shared.ids,
        opens_at: new Date(now - MINUTE).toISOString(),
        closes_at: new Date(now + 60 * MINUTE).toISOString(),
        review_policy: 'after_close',
        offline_grace_minutes: 0,
        attempts_allowed: 1,
      });
      const quiz = await createAssessment(t, admin, {
        question_ids: [...shared.ids, ...own.ids],
        review_policy: 'after_submit',
      });
      const s = await newStudent();
      const a = (await start(s, quiz)).json();
      await save(s, a.id, shared.ids[0]!, rightAnswer('true_false'));
      await save(s, a.id, own.ids[0]!, rightAnswer('true_false'));
      await save(s, a.id, own.ids[1]!, { type: 'true_false', value: false });
      const tallies = (r: { per_micro_topic: Array<{ micro_topic_id: number }> }) =>
        new Map(r.per_micro_topic.map((m) => [m.micro_topic_id, m]));
      // One question on the topic: its tally would be that question's right/wrong flag, which the exam holds.
      const submitted = (await submit(s, a.id)).json();
      expect(submitted).toMatchObject({ review_available: true, score: 2 });
      for (const r of [submitted, await result(s, a.id)]) {
        expect(tallies(r).get(shared.topic)).toMatchObject({ correct: null, total: 1 });
        expect(tallies(r).get(own.topic)).toMatchObject({ correct: 1, total: 2 });
      }
      // Staff read it whole; the student does once the exam's answers are out.
      expect(tallies(await result(admin, a.id)).get(shared.topic)).toMatchObject({ correct: 1, total: 1 });
      travelTo(now + 61 * MINUTE);
      const later = await result(s, a.id);
      expect(tallies(later).get(shared.topic)).toMatchObject({ correct: 1, total: 1 });
    });
  });

  describe('the rest of the review', () => {
    it('tells the client when a replayed older write was superseded', async () => {
      const { ids } = await freshQuestions(['true_false']);
      const quiz = await createAssessment(t, admin, { question_ids: ids });
      const s = await newStudent();
      const a = (await start(s, quiz)).json();
      const now = Date.now();
      const newer = await save(s, a.id, ids[0]!, rightAnswer('true_false'), now);
      expect(newer.json()).toMatchObject({ saved: true, superseded: false });
      const older = await save(s, a.id, ids[0]!, { type: 'true_false', value: false }, now - 5000);
      expect(older.statusCode).toBe(200);
      expect(older.json()).toMatchObject({ saved: false, superseded: true });
      expect((await submit(s, a.id)).json().score).toBe(1);
    });

    it('resumes where the last written answer was given, not where a superseded replay was', async () => {
      const { ids } = await freshQuestions(['true_false', 'true_false', 'true_false']);
      const quiz = await createAssessment(t, admin, { question_ids: ids });
      const s = await newStudent();
      const a = (await start(s, quiz)).json();
      const put = (questionId: number, at: number, position: number) =>
        t.request({
          method: 'PUT',
          url: `/api/attempts/${a.id}/answers/${questionId}`,
          token: s,
          payload: { answer: rightAnswer('true_false'), answered_at: new Date(at).toISOString(), position },
        });
      const position = async () =>
        (await t.request({ method: 'GET', url: `/api/attempts/${a.id}`, token: s })).json().position;
      const now = Date.now();
      expect((await put(ids[2]!, now, 2)).json()).toMatchObject({ saved: true });
      expect(await position()).toBe(2);
      // A replay from another device, older than the answer the server has: neither answer nor place change.
      expect((await put(ids[2]!, now - 5000, 0)).json()).toMatchObject({ superseded: true });
      expect(await position()).toBe(2);
      // A place beyond the attempt's questions is not kept; the answer is.
      expect((await put(ids[1]!, now, 7)).json()).toMatchObject({ saved: true });
      expect(await position()).toBe(2);
      expect((await put(ids[0]!, now, 0)).json()).toMatchObject({ saved: true });
      expect(await position()).toBe(0);
    });

    it('keeps the diagnostic gate on the server: nothing else starts before it is taken', async () => {
      const { topic, ids } = await freshQuestions(['true_false'], { practice_only: true });
      const quizQ = await freshQuestions(['true_false']);
      const quiz = await createAssessment(t, admin, { question_ids: quizQ.ids });
      const fresh = await newStudent({ taken_diagnostics: 0 });
      const refused = await start(fresh, quiz);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Take the diagnostic first: it unlocks the rest.');
      const practice = await t.request({
        method: 'POST',
        url: '/api/practice',
        token: fresh,
        payload: { id: newId(), micro_topic_ids: [topic], count: 1 },
      });
      expect(practice.statusCode).toBe(403);
      expect(
        await t.ctx.db
          .selectFrom('attempts')
          .select('id')
          .where('id', '=', refused.json().id ?? '')
          .execute(),
      ).toEqual([]);
      const diagnostic = await t.ctx.db
        .selectFrom('assessments')
        .select('id')
        .where('kind', '=', 'diagnostic')
        .executeTakeFirstOrThrow();
      expect((await start(fresh, diagnostic.id)).statusCode).toBe(200);
      expect(ids).toHaveLength(1);
    });
  });
});
