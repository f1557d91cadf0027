import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAssessment, createQuestion, createTopics, newId } from './factories/learning.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

// Issue 22: the adaptive diagnostic's next step has to depend on whether an answer was right (that is what
// makes it adaptive), so an answer that could still change gave every key away: save option A, read the
// step, save option B, compare. The rule now: a diagnostic answer is final once saved.

const option = (choice: string) => ({ type: 'single_choice', choice });
const DONT_KNOW = { type: 'dont_know' };

interface Step {
  next_question_id: number | null;
  upcoming: number[];
  done: boolean;
  cap: number;
}

describe.each(dialects)('a diagnostic answer is final once saved (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let school: number;
  let diagnostic: number;

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    const schools = (
      await t.request({ method: 'GET', url: '/api/admin/schools?per_page=100', token: admin })
    ).json().data as Array<{ id: number }>;
    school = schools[0]!.id;
    // Six topics without prerequisites, one single choice question each (options o1, o2, o3; the key o2).
    const ids: number[] = [];
    for (const topic of await createTopics(t, admin, 6))
      ids.push(await createQuestion(t, admin, topic, 'single_choice'));
    diagnostic = await createAssessment(t, admin, {
      kind: 'diagnostic',
      question_ids: ids,
      review_policy: 'after_submit',
      attempts_allowed: 1,
    });
  }, 120_000);
  afterAll(() => t.close());

  async function begin(): Promise<{ token: string; id: string; step: Step }> {
    const s = await createUser(t, { school_id: school, taken_diagnostics: 0 });
    const token = await t.login(s.email, s.password);
    const res = await t.request({
      method: 'POST',
      url: '/api/attempts',
      token,
      payload: { id: newId(), assessment_id: diagnostic },
    });
    expect(res.statusCode).toBe(200);
    return { token, id: res.json().id, step: res.json().adaptive };
  }
  const save = (token: string, attempt: string, question: number, answer: unknown, at = new Date()) =>
    t.request({
      method: 'PUT',
      url: `/api/attempts/${attempt}/answers/${question}`,
      token,
      payload: { answer, answered_at: at.toISOString() },
    });
  const read = async (token: string, attempt: string) =>
    (await t.request({ method: 'GET', url: `/api/attempts/${attempt}`, token })).json() as {
      adaptive: Step;
      answers: Array<{ question_id: number; answer: unknown; answered_at: string | null }>;
    };
  const later = (ms: number) => new Date(Date.now() + ms);

  it('refuses a second answer, so saving each option in turn and comparing the steps tells nothing', async () => {
    const { token, id, step: first } = await begin();
    let step = first;
    let recovered = 0;
    // The attack as it was run: for each question the diagnostic asks, save o1, read the step, then save each
    // other option (dated later) and compare the steps it gives back.
    for (let k = 0; k < 6 && step.next_question_id !== null; k++) {
      const q = step.next_question_id;
      const res = await save(token, id, q, option('o1'));
      expect(res.statusCode).toBe(200);
      const after: Step = res.json().adaptive;
      const steps = [after];
      for (const [n, other] of ['o2', 'o3'].entries()) {
        const again = await save(token, id, q, option(other), later((n + 1) * 1000));
        expect(again.statusCode).toBe(409);
        expect(again.json().message).toMatch(/final/);
        // The refusal carries no step, and says the same whether the other option was the key or not.
        expect(again.json()).not.toHaveProperty('adaptive');
        expect(Object.keys(again.json()).sort()).toEqual(['message']);
        steps.push((await read(token, id)).adaptive);
      }
      if (new Set(steps.map((s) => JSON.stringify(s))).size > 1) recovered++;
      // Nothing changed: the first answer stands, as it was given.
      const stored = (await read(token, id)).answers.find((a) => a.question_id === q);
      expect(stored?.answer).toEqual(option('o1'));
      step = after;
    }
    expect(recovered).toBe(0);
  });

  it('takes an identical re-send (the outbox retrying) as saved, with the same step, and writes nothing', async () => {
    const { token, id, step } = await begin();
    const q = step.next_question_id!;
    const at = new Date();
    const first = await save(token, id, q, option('o3'), at);
    expect(first.statusCode).toBe(200);
    const firstTime = (await read(token, id)).answers.find((a) => a.question_id === q)!.answered_at;
    // The same request again, and the same answer dated later: both saved, neither changes anything.
    for (const when of [at, later(5_000)]) {
      const again = await save(token, id, q, option('o3'), when);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ saved: true, superseded: false });
      expect(again.json().adaptive).toEqual(first.json().adaptive);
    }
    expect((await read(token, id)).answers.find((a) => a.question_id === q)!.answered_at).toBe(firstTime);
    // An older replay of it is told it was superseded, as anywhere else.
    const older = await save(token, id, q, option('o3'), new Date(at.getTime() - 10_000));
    expect(older.statusCode).toBe(200);
    expect(older.json()).toMatchObject({ saved: false, superseded: true });
  });

  it('keeps "I don\'t know" final too, and refuses to clear an answer', async () => {
    const { token, id, step } = await begin();
    const q = step.next_question_id!;
    expect((await save(token, id, q, DONT_KNOW)).statusCode).toBe(200);
    expect((await save(token, id, q, option('o2'), later(1000))).statusCode).toBe(409);
    expect((await save(token, id, q, null, later(2000))).statusCode).toBe(409);
    expect((await read(token, id)).answers.find((a) => a.question_id === q)?.answer).toEqual(DONT_KNOW);
  });

  it('lets only one of two different answers sent at once in', async () => {
    const { token, id, step } = await begin();
    const q = step.next_question_id!;
    const [a, b] = await Promise.all([
      save(token, id, q, option('o1')),
      save(token, id, q, option('o2'), later(1)),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const kept = a.statusCode === 200 ? option('o1') : option('o2');
    expect((await read(token, id)).answers.find((x) => x.question_id === q)?.answer).toEqual(kept);
  });

  it('still lets a quiz answer change until the submit', async () => {
    const { step } = await begin();
    const s = await createUser(t, { school_id: school, taken_diagnostics: 1 });
    const token = await t.login(s.email, s.password);
    const quiz = await createAssessment(t, admin, { question_ids: [step.next_question_id!] });
    const res = await t.request({
      method: 'POST',
      url: '/api/attempts',
      token,
      payload: { id: newId(), assessment_id: quiz },
    });
    const q = step.next_question_id!;
    expect((await save(token, res.json().id, q, option('o1'))).statusCode).toBe(200);
    expect((await save(token, res.json().id, q, option('o2'), later(1000))).statusCode).toBe(200);
  });
});
