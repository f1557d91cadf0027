import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuestionContent } from '../../src/shared/contracts/questions.ts';
import { createAssessment, createTopics } from './factories/learning.ts';
import { takingHelpers } from './factories/taking.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

/** Draws: enough for every bound below to fail by chance less than once in a billion runs. */
const DRAWS = 200;

/**
 * The order a student is shown must say nothing of the key. A 2-item ordering question shown reversed every
 * time (a shuffle that never left an item in its key place) gave its key away: the shown order must be a
 * uniform draw over every order, the key's own among them. Each bound is many standard deviations wide:
 * 2 items: key order ~ Binomial(200, ½) (mean 100, sd 7.1), asked to lie in 50–150 (P(outside) < 1e-11);
 * 3 items: each of the 6 orders ~ Binomial(200, ⅙), asked to appear at all (P(never) = (5/6)^200 < 1e-15)
 * and at most 90 times (10.8 sd above the mean).
 */
describe.each(dialects)('option order (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let school: number;
  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    school = (await t.ctx.db
      .selectFrom('schools')
      .select('id')
      .where('name', 'like', 'Little Acorns%')
      .executeTakeFirstOrThrow())!.id;
  });
  afterAll(() => t.close());

  const { start, submit, studentOf } = takingHelpers(
    () => t,
    () => admin,
  );

  async function question(topic: number, content: QuestionContent): Promise<number> {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/questions',
      token: admin,
      payload: {
        micro_topic_id: topic,
        difficulty: 2,
        stem: `<p>Put in order (${content.type})</p>`,
        content,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().question.id;
  }

  it('shows ordering items and matching right-hand items in an order independent of the key', async () => {
    const [topic] = await createTopics(t, admin, 1);
    const two = await question(topic!, {
      type: 'ordering',
      items: [
        { id: 'first', text: 'Babble' },
        { id: 'second', text: 'First words' },
      ],
    });
    const three = await question(topic!, {
      type: 'ordering',
      items: [
        { id: 'a', text: 'Roll over' },
        { id: 'b', text: 'Sit' },
        { id: 'c', text: 'Walk' },
      ],
    });
    const pairs = await question(topic!, {
      type: 'matching',
      pairs: [
        { left_id: 'l1', left: 'Piaget', right_id: 'r1', right: 'Stages' },
        { left_id: 'l2', left: 'Bowlby', right_id: 'r2', right: 'Attachment' },
      ],
    });
    // Options unshuffled by the setting: ordering and matching are shuffled whatever it says.
    const quiz = await createAssessment(t, admin, {
      question_ids: [two, three, pairs],
      shuffle_options: false,
      attempts_allowed: null,
    });
    const s = await studentOf(school);
    const seen = {
      two: new Map<string, number>(),
      three: new Map<string, number>(),
      pairs: new Map<string, number>(),
    };
    const count = (m: Map<string, number>, ids: Array<{ id: string }>) => {
      const k = ids.map((o) => o.id).join(',');
      m.set(k, (m.get(k) ?? 0) + 1);
    };
    for (let i = 0; i < DRAWS; i++) {
      const res = await start(s.token, quiz);
      expect(res.statusCode, res.body).toBe(200);
      const a = res.json() as {
        id: string;
        questions: Array<{ id: number; options: Array<{ id: string }>; right: Array<{ id: string }> }>;
      };
      const byId = new Map(a.questions.map((q) => [q.id, q]));
      count(seen.two, byId.get(two)!.options);
      count(seen.three, byId.get(three)!.options);
      count(seen.pairs, byId.get(pairs)!.right);
      expect((await submit(s.token, a.id)).statusCode).toBe(200);
    }
    const keyShown = seen.two.get('first,second') ?? 0;
    expect(seen.two.get('second,first') ?? 0).toBe(DRAWS - keyShown);
    expect(keyShown).toBeGreaterThanOrEqual(50);
    expect(keyShown).toBeLessThanOrEqual(150);

    const key = seen.pairs.get('r1,r2') ?? 0;
    expect(seen.pairs.get('r2,r1') ?? 0).toBe(DRAWS - key);
    expect(key).toBeGreaterThanOrEqual(50);
    expect(key).toBeLessThanOrEqual(150);

    // Every order of three, the key's and those that leave one item in place among them.
    expect([...seen.three.keys()].sort()).toEqual(['a,b,c', 'a,c,b', 'b,a,c', 'b,c,a', 'c,a,b', 'c,b,a']);
    expect(Math.max(...seen.three.values())).toBeLessThanOrEqual(90);
  }, 120_000);
});
