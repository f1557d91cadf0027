import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssessment, createQuestion, newId } from './factories/learning.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

const RIGHT = { type: 'single_choice', choice: 'o2' };
const WRONG = { type: 'single_choice', choice: 'o1' };
const DONT_KNOW = { type: 'dont_know' };

interface Step {
  next_question_id: number | null;
  upcoming: number[];
  done: boolean;
  cap: number;
}

describe.each(dialects)('the adaptive diagnostic (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let school: number;
  /** A chain A → B → C → D (each needs the one before) and a separate E; two questions each. */
  let chain: number[];
  const questionsOf = new Map<number, number[]>();
  const topicOf = new Map<number, number>();
  let diagnostic: number;
  /** 30 topics without prerequisites, one question each: enough to run into the cap. */
  let wide: number;

  async function microTopic(sub: number, name: string, prerequisite_ids: number[]): Promise<number> {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/micro-topics',
      token: admin,
      payload: { sub_topic_id: sub, name: `${name} ${Date.now()}`, description: '', prerequisite_ids },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json().id;
  }

  async function subTopic(name: string): Promise<number> {
    const subject = (
      await t.request({
        method: 'POST',
        url: '/api/admin/subjects',
        token: admin,
        payload: { name: `${name} ${Date.now()}`, description: '' },
      })
    ).json().id;
    return (
      await t.request({
        method: 'POST',
        url: '/api/admin/sub-topics',
        token: admin,
        payload: { subject_id: subject, name },
      })
    ).json().id;
  }

  async function questionsFor(topic: number, count: number): Promise<number[]> {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) ids.push(await createQuestion(t, admin, topic, 'single_choice'));
    questionsOf.set(topic, ids);
    for (const id of ids) topicOf.set(id, topic);
    return ids;
  }

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    const schools = (
      await t.request({ method: 'GET', url: '/api/admin/schools?per_page=100', token: admin })
    ).json().data as Array<{ id: number }>;
    school = schools[0]!.id;
    const sub = await subTopic('Adaptive');
    chain = [];
    for (const name of ['A', 'B', 'C', 'D'])
      chain.push(await microTopic(sub, name, chain.length ? [chain[chain.length - 1]!] : []));
    chain.push(await microTopic(sub, 'E', []));
    const ids: number[] = [];
    for (const topic of chain) ids.push(...(await questionsFor(topic, 2)));
    diagnostic = await createAssessment(t, admin, {
      kind: 'diagnostic',
      question_ids: ids,
      review_policy: 'after_submit',
      attempts_allowed: 1,
    });
    const wideSub = await subTopic('Wide');
    const wideIds: number[] = [];
    for (let i = 0; i < 30; i++)
      wideIds.push(...(await questionsFor(await microTopic(wideSub, `W${i}`, []), 1)));
    wide = await createAssessment(t, admin, {
      kind: 'diagnostic',
      question_ids: wideIds,
      review_policy: 'after_submit',
      attempts_allowed: 1,
    });
  }, 120_000);
  afterAll(() => t.close());

  async function student(): Promise<string> {
    const s = await createUser(t, { school_id: school, taken_diagnostics: 0 });
    return t.login(s.email, s.password);
  }
  const start = async (token: string, assessment = diagnostic, id = newId()) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/attempts',
      token,
      payload: { id, assessment_id: assessment },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as {
      id: string;
      questions: Array<{ id: number }>;
      next_question_id: number | null;
      adaptive: Step;
    };
  };
  const save = async (token: string, attempt: string, question: number, answer: unknown, at = new Date()) => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/attempts/${attempt}/answers/${question}`,
      token,
      payload: { answer, answered_at: at.toISOString() },
    });
    return res;
  };
  const get = async (token: string, attempt: string) =>
    (await t.request({ method: 'GET', url: `/api/attempts/${attempt}`, token })).json() as {
      next_question_id: number | null;
      adaptive: Step;
      answers: Array<{ question_id: number; answer: unknown }>;
    };
  const submit = (token: string, attempt: string) =>
    t.request({ method: 'POST', url: `/api/attempts/${attempt}/submit`, token, payload: {} });
  const results = async (token: string) =>
    (await t.request({ method: 'GET', url: '/api/my/diagnostic-results', token })).json() as {
      confidence: number | null;
      subjects: Array<{
        correct: number;
        total: number;
        micro_topics: Array<{ micro_topic_id: number; total: number; level?: string; probability?: number }>;
      }>;
    };
  const levelOf = (r: Awaited<ReturnType<typeof results>>, topic: number) =>
    r.subjects.flatMap((s) => s.micro_topics).find((m) => m.micro_topic_id === topic);

  it('hands out the whole pool up front, with the next question and the order to go on in offline', async () => {
    const token = await student();
    const a = await start(token);
    expect(a.questions).toHaveLength(10);
    expect(a.adaptive.cap).toBe(10);
    expect(a.adaptive.done).toBe(false);
    expect(a.adaptive.upcoming).toHaveLength(10);
    expect(a.adaptive.upcoming[0]).toBe(a.next_question_id);
    expect(new Set(a.adaptive.upcoming)).toEqual(new Set(a.questions.map((q) => q.id)));
  });

  it('chooses the next question from the answers, and never tells the student right from wrong', async () => {
    const [a1, a2] = questionsOf.get(chain[0]!)!;
    // Any attempt id (each seeds the sampler): a graph this small is summed over exactly, so the order does
    // not depend on the seed (tests/unit/diagnostic-seeds.test.ts checks that over 25 seeds).
    const stepAfter = async (answer: unknown) => {
      const token = await student();
      const a = await start(token, diagnostic);
      await save(token, a.id, a1!, answer);
      const res = await save(token, a.id, a2!, answer);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.feedback).toBeNull();
      expect(JSON.stringify(body)).not.toMatch(/correct/);
      return body.adaptive as Step;
    };
    const rank = (step: Step, topic: number) => questionsOf.get(topic)!.map((q) => step.upcoming.indexOf(q));
    // A is not known: B, C and D cannot be either, so only E is left to ask about.
    const notA = await stepAfter(WRONG);
    // (Or nothing at all: with A, B, C and D settled the stop rule may already be satisfied.)
    if (notA.next_question_id !== null) expect(questionsOf.get(chain[4]!)).toContain(notA.next_question_id);
    // E comes before any of B, C and D; the order to go on in offline then takes one question per topic.
    const firstE = Math.min(...rank(notA, chain[4]!));
    for (const topic of chain.slice(1, 4)) expect(Math.min(...rank(notA, topic))).toBeGreaterThan(firstE);
    // A is known: the answers moved the belief, so the order differs.
    const knowsA = await stepAfter(RIGHT);
    expect(knowsA.upcoming).not.toEqual(notA.upcoming);
  });

  it('infers along prerequisites: knowing C and D means knowing A and B without asking them', async () => {
    const token = await student();
    // A random attempt id, as a real student's: the belief is exact here, whatever the seed.
    const a = await start(token);
    for (const q of [...questionsOf.get(chain[2]!)!, ...questionsOf.get(chain[3]!)!]) {
      const res = await save(token, a.id, q, RIGHT);
      expect(res.json().adaptive.upcoming).not.toContain(q);
    }
    expect((await submit(token, a.id)).statusCode).toBe(200);
    const r = await results(token);
    expect(r.confidence).toBeGreaterThan(0.5);
    for (const topic of chain.slice(0, 2)) {
      expect(levelOf(r, topic)?.level).toBe('mastered');
      // Never asked: the tallies count only what was asked.
      expect(levelOf(r, topic)?.total).toBe(0);
    }
    expect(levelOf(r, chain[3]!)?.total).toBe(2);
  });

  it('takes "I don\'t know" in a diagnostic only, and counts it as not mastered', async () => {
    const token = await student();
    const a = await start(token);
    const [e1, e2] = questionsOf.get(chain[4]!)!;
    expect((await save(token, a.id, e1!, DONT_KNOW)).statusCode).toBe(200);
    expect((await save(token, a.id, e2!, DONT_KNOW)).statusCode).toBe(200);
    const [a1, a2] = questionsOf.get(chain[0]!)!;
    await save(token, a.id, a1!, DONT_KNOW);
    await save(token, a.id, a2!, DONT_KNOW);
    expect((await get(token, a.id)).answers.find((x) => x.question_id === e1)?.answer).toEqual(DONT_KNOW);
    expect((await submit(token, a.id)).statusCode).toBe(200);
    const r = await results(token);
    for (const topic of chain) expect(levelOf(r, topic)?.level).toBe('not_mastered');
    const analysis = (
      await t.request({ method: 'GET', url: `/api/attempts/${a.id}/analysis`, token })
    ).json();
    const item = analysis.items.find((i: { question: { id: number } }) => i.question.id === e1);
    expect(item.answer_text).toBe("I don't know");

    // Anywhere else it is not an answer.
    const quiz = await createAssessment(t, admin, { question_ids: [e1!] });
    const qa = await start(token, quiz);
    expect((await save(token, qa.id, e1!, DONT_KNOW)).statusCode).toBe(422);
  });

  it('resumes where it was: the same next question and order after the answers so far', async () => {
    const s = await createUser(t, { school_id: school, taken_diagnostics: 0 });
    const token = await t.login(s.email, s.password);
    const a = await start(token);
    let step = a.adaptive;
    for (let k = 0; k < 3; k++) {
      const q = step.next_question_id!;
      step = (await save(token, a.id, q, topicOf.get(q) === chain[4] ? WRONG : RIGHT)).json().adaptive;
    }
    // Another device, another session: the server replays the log to the same step.
    const again = await get(await t.login(s.email, s.password), a.id);
    expect(again.adaptive).toEqual(step);
    expect(again.next_question_id).toBe(step.next_question_id);
  });

  it('replays an offline batch in the order the answers were given, whatever order they arrive in', async () => {
    const token = await student();
    const a = await start(token);
    // Offline: the client goes down the order it holds, answering three questions seconds apart.
    const batch = a.adaptive.upcoming.slice(0, 3);
    const t0 = Date.now() - 30_000;
    const answers = batch.map((q, k) => ({
      q,
      answer: k === 1 ? WRONG : RIGHT,
      at: new Date(t0 + k * 5_000),
    }));
    // Back online, the outbox delivers them (here in reverse: a retry can reorder).
    let last: Step | undefined;
    for (const x of [...answers].reverse()) {
      const res = await save(token, a.id, x.q, x.answer, x.at);
      expect(res.statusCode).toBe(200);
      last = res.json().adaptive;
    }
    for (const q of batch) expect(last!.upcoming).not.toContain(q);
    expect(batch).not.toContain(last!.next_question_id);
    // The state depends on the log, not on the delivery: a late duplicate of an older write changes nothing.
    const older = await save(token, a.id, batch[0]!, RIGHT, new Date(t0 - 5_000));
    expect(older.json().superseded).toBe(true);
    expect((await get(token, a.id)).adaptive).toEqual(last);
  });

  it('stops at the cap of 25 questions when the answers stay unclear', async () => {
    const token = await student();
    const a = await start(token, wide);
    expect(a.adaptive.cap).toBe(25);
    let step = a.adaptive;
    let asked = 0;
    while (!step.done) {
      const q = step.next_question_id!;
      expect(q).not.toBeNull();
      // Half right, half wrong: no shortcut to a confident picture.
      step = (await save(token, a.id, q, asked % 2 ? WRONG : RIGHT)).json().adaptive;
      asked++;
      expect(asked).toBeLessThanOrEqual(25);
    }
    expect(asked).toBe(25);
    expect(step.next_question_id).toBeNull();
    expect(step.upcoming).toHaveLength(5);
    expect((await get(token, a.id)).adaptive.done).toBe(true);
    expect((await submit(token, a.id)).statusCode).toBe(200);
    const r = await results(token);
    expect(r.subjects[0]).toMatchObject({ total: 25 });
  }, 60_000);
});
