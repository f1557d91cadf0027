import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionContent } from '../../src/shared/contracts/questions.ts';
import { newId } from './factories/learning.ts';
import { takingHelpers } from './factories/taking.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

interface Step {
  next_question_id: number | null;
  done: boolean;
  cap: number;
}
interface TopicTally {
  micro_topic_id: number;
  correct: number | null;
  total: number;
}

/**
 * The demo diagnostic draws adaptively from the whole assessable bank, quiz and exam questions among them.
 * What the student is told of its answers never gives away a key (or a right/wrong flag) another assessment
 * still holds back, and once the student has taken it, it no longer hides the keys of every quiz.
 */
describe.each(dialects)('the demo diagnostic and its pool (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let school: number;
  let diagnostic: number;
  const { start, save, submit, analysis, result, studentOf } = takingHelpers(
    () => t,
    () => admin,
  );

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    const schools = await t.ctx.db.selectFrom('schools').select(['id', 'name']).orderBy('id').execute();
    school = schools.find((s) => s.name.startsWith('Little Acorns'))!.id;
    diagnostic = (
      await t.ctx.db
        .selectFrom('assessments')
        .select('id')
        .where('kind', '=', 'diagnostic')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(() => t.close());

  const contentOf = async (id: number) =>
    JSON.parse(
      (
        await t.ctx.db
          .selectFrom('questions')
          .select('content')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).content,
    ) as QuestionContent;

  /** Right on even turns, wrong on odd ones where the type allows it simply, "I don't know" otherwise. */
  async function answerFor(id: number, turn: number): Promise<unknown> {
    const c = await contentOf(id);
    const right = turn % 2 === 0;
    if (c.type === 'true_false') return { type: 'true_false', value: right ? c.correct : !c.correct };
    if (c.type === 'single_choice')
      return {
        type: 'single_choice',
        choice: right ? c.correct[0] : c.options.find((o) => !c.correct.includes(o.id))!.id,
      };
    return { type: 'dont_know' };
  }

  /** A new student of the demo school takes the demo diagnostic the adaptive way and submits it. */
  async function takeDiagnostic() {
    const s = await studentOf(school, { taken_diagnostics: 0 });
    const id = newId();
    const started = await start(s.token, diagnostic, id);
    expect(started.statusCode, started.body).toBe(200);
    let step = started.json().adaptive as Step;
    let asked = 0;
    while (!step.done && step.next_question_id !== null) {
      const q = step.next_question_id;
      const res = await save(s.token, id, q, await answerFor(q, asked));
      expect(res.statusCode, res.body).toBe(200);
      step = res.json().adaptive as Step;
      asked++;
    }
    expect((await submit(s.token, id)).statusCode).toBe(200);
    return { ...s, attempt: id, asked, pool: (started.json().questions as unknown[]).length };
  }

  it('holds every question that is not Test Yourself’s and asks at most 25 of them', async () => {
    const assessable = await t.ctx.db
      .selectFrom('questions')
      .select('id')
      .where('practice_only', '=', 0)
      .execute();
    const held = await t.ctx.db
      .selectFrom('assessment_questions')
      .select('question_id')
      .where('assessment_id', '=', diagnostic)
      .execute();
    expect(held.map((h) => h.question_id).sort((a, b) => a - b)).toEqual(
      assessable.map((q) => q.id).sort((a, b) => a - b),
    );
    expect(held).toHaveLength(195);

    const s = await studentOf(school, { taken_diagnostics: 0 });
    const mine = (
      await t.request({ method: 'GET', url: '/api/my/assessments?kind=diagnostic', token: s.token })
    ).json().data as Array<{ id: number; description: string; question_count: number }>;
    expect(mine.map((a) => a.id)).toEqual([diagnostic]);
    // The student is told the most it asks, not the size of the pool it draws from.
    expect(mine[0]!.question_count).toBe(25);
    expect(mine[0]!.description).toMatch(/^Up to 25 questions across the five subjects/);
    const started = await start(s.token, diagnostic);
    // The whole pool goes to the device up front (the diagnostic goes on offline), but it asks 25 at most.
    expect(started.json().questions).toHaveLength(195);
    expect(started.json().adaptive).toMatchObject({ cap: 25, done: false });

    const taken = await takeDiagnostic();
    expect(taken.pool).toBe(195);
    expect(taken.asked).toBeGreaterThan(0);
    expect(taken.asked).toBeLessThanOrEqual(25);
  });

  it('once taken, no longer hides the keys of the quizzes that share its questions', async () => {
    const s = await takeDiagnostic();
    const [quiz] = (
      await t.request({ method: 'GET', url: '/api/my/assessments?kind=quiz', token: s.token })
    ).json().data as Array<{ id: number; title: string }>;
    const token = await t.login(s.email, s.password);
    const id = newId();
    const started = await start(token, quiz!.id, id);
    expect(started.statusCode, started.body).toBe(200);
    const ids = (started.json().questions as Array<{ id: number }>).map((q) => q.id);
    const inDiagnostic = await t.ctx.db
      .selectFrom('assessment_questions')
      .select('question_id')
      .where('assessment_id', '=', diagnostic)
      .where('question_id', 'in', ids)
      .execute();
    expect(inDiagnostic.length).toBeGreaterThan(0);
    for (const [turn, q] of ids.entries()) await save(token, id, q, await answerFor(q, turn));
    expect((await submit(token, id)).statusCode).toBe(200);
    const review = await analysis(token, id);
    expect(review.review_available).toBe(true);
    for (const item of review.items as Array<{ correct_answer: string | null; held_back: boolean }>) {
      expect(item.held_back).toBe(false);
      expect(item.correct_answer).not.toBeNull();
    }
  });

  it('holds its questions from a student while they are taking it; Test Yourself draws them once it is done', async () => {
    // A topic no quiz or exam uses (the last subject's): only the diagnostic holds its assessable questions.
    const topic = (
      await t.ctx.db.selectFrom('micro_topics').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow()
    ).id;
    const all = await t.ctx.db
      .selectFrom('questions')
      .select(['id', 'practice_only'])
      .where('micro_topic_id', '=', topic)
      .execute();
    const everyOne = all.map((q) => q.id).sort((a, b) => a - b);
    const practiceOnly = all
      .filter((q) => q.practice_only === 1)
      .map((q) => q.id)
      .sort((a, b) => a - b);
    expect(practiceOnly.length).toBeLessThan(everyOne.length);
    const practiseWith = async (token: string) => {
      const res = await t.request({
        method: 'POST',
        url: '/api/practice',
        token,
        payload: { id: newId(), micro_topic_ids: [topic], count: 10 },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().questions as Array<{ id: number }>).map((q) => q.id).sort((a, b) => a - b);
    };
    // Let in already (by another diagnostic, say) and now in the middle of this one: its questions stay out.
    const s = await studentOf(school);
    const attempt = newId();
    expect((await start(s.token, diagnostic, attempt)).statusCode).toBe(200);
    expect(await practiseWith(s.token)).toEqual(practiceOnly);
    // Submitted (its one attempt): the topic's assessable questions are theirs to practise too.
    expect((await submit(s.token, attempt)).statusCode).toBe(200);
    expect(await practiseWith(s.token)).toEqual(everyOne);
    // One let in elsewhere who never started it is not held back for its sake (it has no marks).
    const elsewhere = await studentOf(school);
    expect(await practiseWith(elsewhere.token)).toEqual(everyOne);
  });

  // Last: the quiz it makes holds the whole bank from everyone, which the tests above must not meet.
  it('never tells a right/wrong another assessment still holds: not in the review, the result or the diagnostic results', async () => {
    // A quiz with no close date holding every question of the pool: whatever the diagnostic asks is held.
    const pool = await t.ctx.db
      .selectFrom('assessment_questions')
      .select('question_id')
      .where('assessment_id', '=', diagnostic)
      .execute();
    const quiz = await t.request({
      method: 'POST',
      url: '/api/admin/assessments',
      token: admin,
      payload: {
        kind: 'quiz',
        title: 'The whole bank',
        selection: 'fixed',
        question_ids: pool.map((p) => p.question_id),
        school_ids: [school],
        published: true,
      },
    });
    expect(quiz.statusCode, quiz.body).toBe(201);

    const s = await takeDiagnostic();
    const review = await analysis(s.token, s.attempt);
    expect(review.review_available).toBe(true);
    const items = review.items as Array<{
      question: { id: number; micro_topic_id: number };
      correct: boolean | null;
      correct_answer: string | null;
      explanation: string | null;
      held_back: boolean;
    }>;
    expect(items).toHaveLength(s.asked);
    for (const i of items) {
      expect(i.held_back).toBe(true);
      expect([i.correct, i.correct_answer, i.explanation]).toEqual([null, null, null]);
    }
    const asked = new Set(items.map((i) => i.question.micro_topic_id));

    // The result's per-topic tally of a topic with a held question would be that question's flag.
    const res = await result(s.token, s.attempt);
    const tallies = res.per_micro_topic as TopicTally[];
    expect(tallies.length).toBeGreaterThan(0);
    for (const topic of tallies) expect(topic, 'held topic in the result').toMatchObject({ correct: null });

    // The diagnostic results say the same, and so does a subject's tally with such a topic in it; a topic
    // or subject it never asked about has nothing to give away and keeps its (empty) tally.
    const page = await t.request({ method: 'GET', url: '/api/my/diagnostic-results', token: s.token });
    expect(page.statusCode).toBe(200);
    const subjects = page.json().subjects as Array<{ correct: number | null; micro_topics: TopicTally[] }>;
    expect(subjects).toHaveLength(5);
    for (const subject of subjects) {
      for (const topic of subject.micro_topics)
        if (asked.has(topic.micro_topic_id)) expect(topic.correct, 'asked topic').toBeNull();
        else expect(topic, 'topic not asked').toMatchObject({ correct: 0, total: 0 });
      if (subject.micro_topics.some((m) => asked.has(m.micro_topic_id)))
        expect(subject.correct, 'subject with an asked topic').toBeNull();
      else expect(subject.correct, 'subject without one').toBe(0);
    }
  });
});
