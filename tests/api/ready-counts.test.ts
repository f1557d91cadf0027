import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from './factories/learning.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

// "Ready to learn N topics" is one number: the diagnostic's results, the dashboard's summary and the pathway
// read it from the same rule (src/server/features/learning/readiness.ts), right after the diagnostic too.

type Topic = { micro_topic_id: number; readiness?: string; waits_for?: string[] };

describe.each(dialects)('ready-to-learn counts (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
  }, 120_000);
  afterAll(() => t.close());

  const get = async <T>(token: string, url: string) => {
    const res = await t.request({ method: 'GET', url, token });
    expect(res.statusCode).toBe(200);
    return res.json() as T;
  };

  async function threeScreens(token: string) {
    const [results, summary, pathway] = await Promise.all([
      get<{ ready_count?: number; subjects: Array<{ micro_topics: Topic[] }> }>(
        token,
        '/api/my/diagnostic-results',
      ),
      get<{ ready_count: number; next: unknown[]; rechecks_due: number }>(token, '/api/my/learning-summary'),
      get<{ ready: Array<{ micro_topic_id: number }>; rechecks: unknown[] }>(
        token,
        '/api/my/learning-pathway',
      ),
    ]);
    return { results, summary, pathway, topics: results.subjects.flatMap((s) => s.micro_topics) };
  }

  function expectAgreement({ results, summary, pathway, topics }: Awaited<ReturnType<typeof threeScreens>>) {
    expect(results.ready_count).toBe(pathway.ready.length);
    expect(summary.ready_count).toBe(pathway.ready.length);
    // The dashboard's card shows the pathway's first steps exactly as the pathway does: its quiz and materials.
    expect(summary.next).toEqual(pathway.ready.slice(0, 3));
    expect(summary.rechecks_due).toBe(pathway.rechecks.length);
    const onPathway = new Set(pathway.ready.map((s) => s.micro_topic_id));
    // Each topic the results call ready is on the pathway, and none they call known or not yet is.
    for (const topic of topics) {
      expect(topic.readiness).toBeDefined();
      expect(onPathway.has(topic.micro_topic_id)).toBe(topic.readiness === 'ready');
      if (topic.readiness === 'not_yet') expect(topic.waits_for?.length).toBeGreaterThan(0);
    }
  }

  it('agree for the demo student, who took the diagnostic', async () => {
    const screens = await threeScreens(await t.login('student@pathbuilder.test'));
    // More steps than the card shows: the summary spells out only its first three.
    expect(screens.pathway.ready.length).toBeGreaterThan(3);
    expect(screens.topics.length).toBeGreaterThan(0);
    expectAgreement(screens);
  });

  it('agree the moment a new student submits the diagnostic', async () => {
    const admin = await t.login('admin@pathbuilder.test');
    const schools = (await get<{ data: Array<{ id: number }> }>(admin, '/api/admin/schools?per_page=100'))
      .data;
    const s = await createUser(t, { school_id: schools[0]!.id, taken_diagnostics: 0 });
    const token = await t.login(s.email, s.password);
    const diagnostic = (
      await get<{ data: Array<{ id: number }> }>(token, '/api/my/assessments?kind=diagnostic')
    ).data[0]!;
    const started = await t.request({
      method: 'POST',
      url: '/api/attempts',
      token,
      payload: { id: newId(), assessment_id: diagnostic.id },
    });
    expect(started.statusCode).toBe(200);
    const attempt = started.json() as { id: string; next_question_id: number | null };
    // A few answers, "I don't know" each: what it finds not mastered moves the pathway.
    let next = attempt.next_question_id;
    for (let i = 0; i < 3 && next !== null; i++) {
      const saved = await t.request({
        method: 'PUT',
        url: `/api/attempts/${attempt.id}/answers/${next}`,
        token,
        payload: { answer: { type: 'dont_know' }, answered_at: new Date().toISOString() },
      });
      expect(saved.statusCode).toBe(200);
      next = (await get<{ next_question_id: number | null }>(token, `/api/attempts/${attempt.id}`))
        .next_question_id;
    }
    const submitted = await t.request({
      method: 'POST',
      url: `/api/attempts/${attempt.id}/submit`,
      token,
      payload: {},
    });
    expect(submitted.statusCode).toBe(200);
    // At once, as the results screen opens after the submit: the figures the submit refreshes are waited for.
    const screens = await threeScreens(token);
    expectAgreement(screens);
    expect(screens.topics.some((topic) => topic.readiness !== 'ready')).toBe(true);
  });
});
