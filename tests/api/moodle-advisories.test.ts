import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAssessment, createTopics, EXPLANATION, newId, rightAnswer } from './factories/learning.ts';
import { takingHelpers } from './factories/taking.ts';
import { multipart } from './factories/multipart.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

const MINUTE = 60_000;

/**
 * The classes of Moodle quiz advisories, replayed against our engine: each names the advisory it guards.
 * The attacker is a signed-in student with curl.
 */
describe.each(dialects)('Moodle advisory classes (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let schoolA: number;
  let schoolB: number;

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    const schools = await t.ctx.db.selectFrom('schools').select(['id', 'name']).orderBy('id').execute();
    schoolA = schools.find((s) => s.name.startsWith('Little Acorns'))!.id;
    schoolB = schools.find((s) => s.id !== schoolA)!.id;
  });
  afterAll(() => t.close());
  afterEach(() => resetClock());

  const { start, save, studentOf, freshQuestions, travelTo, resetClock } = takingHelpers(
    () => t,
    () => admin,
  );
  const questions = async (n: number) =>
    freshQuestions(Array.from({ length: n }, () => 'true_false' as const));

  it('sequential navigation bypass (CVE-2022-40208): only questions served in this attempt, never after submit', async () => {
    const { topic, ids } = await questions(6);
    const quiz = await createAssessment(t, admin, {
      selection: 'random',
      question_ids: [],
      draws: [{ micro_topic_id: topic, count: 2 }],
      attempts_allowed: 1,
    });
    const s = await studentOf(schoolA);
    const a = (await start(s.token, quiz)).json();
    const served = (a.questions as Array<{ id: number }>).map((q) => q.id);
    const notServed = ids.filter((id) => !served.includes(id));
    expect(notServed).toHaveLength(4);
    for (const id of notServed) {
      const res = await save(s.token, a.id, id, rightAnswer('true_false'));
      expect(res.statusCode).toBe(422);
    }
    const jump = await t.request({
      method: 'PUT',
      url: `/api/attempts/${a.id}/position`,
      token: s.token,
      payload: { position: 5 },
    });
    expect(jump.statusCode).toBe(422);
    await t.request({ method: 'POST', url: `/api/attempts/${a.id}/submit`, token: s.token, payload: {} });
    const after = await save(s.token, a.id, served[0]!, rightAnswer('true_false'));
    expect(after.statusCode).toBe(409);
    const graded = await t.ctx.db
      .selectFrom('attempt_answers')
      .select('question_id')
      .where('attempt_id', '=', a.id)
      .execute();
    expect(graded).toEqual([]);
  });

  it('grades or answers before release (CVE-2021-32473, CVE-2018-1044): nothing of the key before the close', async () => {
    const { ids } = await questions(4);
    const now = Date.now();
    const exam = await createAssessment(t, admin, {
      kind: 'exam',
      question_ids: ids,
      opens_at: new Date(now - MINUTE).toISOString(),
      closes_at: new Date(now + 60 * MINUTE).toISOString(),
      review_policy: 'after_close',
      attempts_allowed: 1,
    });
    const s = await studentOf(schoolA);
    const a = (await start(s.token, exam)).json();
    await save(s.token, a.id, ids[0]!, rightAnswer('true_false'));
    await save(s.token, a.id, ids[1]!, { type: 'true_false', value: false });
    const submitted = await t.request({
      method: 'POST',
      url: `/api/attempts/${a.id}/submit`,
      token: s.token,
      payload: {},
    });
    const bodies = [
      submitted.body,
      (await t.request({ method: 'GET', url: `/api/attempts/${a.id}/result`, token: s.token })).body,
      (await t.request({ method: 'GET', url: `/api/attempts/${a.id}/analysis`, token: s.token })).body,
      (await t.request({ method: 'GET', url: `/api/attempts/${a.id}`, token: s.token })).body,
    ];
    for (const body of bodies) {
      expect(body).not.toContain(EXPLANATION);
      expect(body).not.toMatch(/"correct":(true|false)/);
      expect(body).not.toMatch(/"correct":[1-9]/);
      expect(body).not.toMatch(/"correct_answer":"/);
    }
    // Practice cannot be used to read it either.
    const practice = await t.request({
      method: 'POST',
      url: '/api/practice',
      token: s.token,
      payload: {
        id: newId(),
        micro_topic_ids: [
          (
            await t.ctx.db
              .selectFrom('questions')
              .select('micro_topic_id')
              .where('id', '=', ids[0]!)
              .executeTakeFirstOrThrow()
          ).micro_topic_id,
        ],
        count: 4,
      },
    });
    expect(practice.statusCode).toBe(422);
  });

  it('timer bypass (CVE-2025-62401): a student who stayed online cannot back-date answers into the offline grace', async () => {
    const { ids } = await questions(3);
    const quiz = await createAssessment(t, admin, {
      question_ids: ids,
      time_limit_minutes: 10,
      offline_grace_minutes: 120,
    });
    const s = await studentOf(schoolA);
    const t0 = Date.now();
    const a = (await start(s.token, quiz)).json();
    travelTo(t0 + 9 * MINUTE);
    expect((await save(s.token, a.id, ids[0]!, rightAnswer('true_false'))).statusCode).toBe(200);
    // Ninety minutes "of grace" later, the other answers arrive dated just before the deadline.
    travelTo(t0 + 100 * MINUTE);
    for (const id of ids.slice(1)) {
      const res = await save(s.token, a.id, id, rightAnswer('true_false'), t0 + 8 * MINUTE);
      expect(res.statusCode).toBe(409);
    }
    const r = (
      await t.request({ method: 'POST', url: `/api/attempts/${a.id}/submit`, token: s.token, payload: {} })
    ).json();
    expect(r.score).toBe(1);
    expect(r.used_offline_grace).toBe(true);
    expect(Date.parse(r.submitted_at)).toBe(Date.parse(a.deadline_at));
  });

  it('XSS through responses, feedback or import (CVE-2015-2273): stored inert, served as text', async () => {
    const payload = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const [topic] = await createTopics(t, admin, 1);
    const csv = [
      'micro_topic,type,difficulty,stem,explanation,options,correct',
      `"${(await t.ctx.db.selectFrom('micro_topics').select('name').where('id', '=', topic!).executeTakeFirstOrThrow()).name}",short_answer,1,"Name it ${payload}","Because ${payload}",,"scaffolding"`,
    ].join('\n');
    const imported = await t.request({
      method: 'POST',
      url: '/api/admin/questions/import',
      token: admin,
      payload: { csv },
    });
    expect(imported.json()).toMatchObject({ created: 1, rejected: [] });
    const q = await t.ctx.db
      .selectFrom('questions')
      .select(['id', 'stem', 'explanation'])
      .where('micro_topic_id', '=', topic!)
      .executeTakeFirstOrThrow();
    // Escaped to text: no tag survives, so nothing runs.
    for (const html of [q.stem, q.explanation]) expect(html).not.toMatch(/<script|<img/i);
    const quiz = await createAssessment(t, admin, { question_ids: [q.id] });
    const s = await studentOf(schoolA);
    const a = (await start(s.token, quiz)).json();
    expect(JSON.stringify(a)).not.toMatch(/<script|<img/i);
    // A response is text: kept as typed, returned as a JSON string, never interpreted as HTML by the server.
    await save(s.token, a.id, q.id, { type: 'short_answer', text: payload });
    await t.request({ method: 'POST', url: `/api/attempts/${a.id}/submit`, token: s.token, payload: {} });
    const analysis = (
      await t.request({ method: 'GET', url: `/api/attempts/${a.id}/analysis`, token: s.token })
    ).json();
    expect(analysis.items[0].answer_text).toBe(payload);
    expect(analysis.items[0].explanation).not.toMatch(/<script|<img/i);
    expect(analysis.items[0].question.stem).not.toMatch(/<script|<img/i);
  });

  it('group (school) separation (CVE-2022-40316): another school’s exam stays out of sight and out of reach', async () => {
    const { ids } = await questions(1);
    const exam = await createAssessment(t, admin, {
      kind: 'exam',
      question_ids: ids,
      school_ids: [schoolA],
      attempts_allowed: 1,
    });
    const outsider = await studentOf(schoolB);
    const mine = (
      await t.request({ method: 'GET', url: '/api/my/assessments?kind=exam', token: outsider.token })
    ).json().data as Array<{ id: number }>;
    expect(mine.map((e) => e.id)).not.toContain(exam);
    expect((await start(outsider.token, exam)).statusCode).toBe(404);
    // Moving oneself into the other school is a request for its staff, not a change.
    const moved = await t.request({
      method: 'PUT',
      url: `/api/user/${outsider.id}`,
      token: outsider.token,
      payload: { school_id: schoolA },
    });
    expect(moved.statusCode).toBeLessThan(500);
    const row = await t.ctx.db
      .selectFrom('users')
      .select('school_id')
      .where('id', '=', outsider.id)
      .executeTakeFirstOrThrow();
    expect(row.school_id).toBe(schoolB);
    expect((await start(outsider.token, exam)).statusCode).toBe(404);
    // A student of school A takes it; the outsider cannot read that attempt.
    const insider = await studentOf(schoolA);
    const a = (await start(insider.token, exam)).json();
    for (const path of ['', '/result', '/analysis']) {
      const res = await t.request({
        method: 'GET',
        url: `/api/attempts/${a.id}${path}`,
        token: outsider.token,
      });
      expect([403, 404]).toContain(res.statusCode);
    }
  });

  it('upload limits (CVE-2021-32476): size, type by content, and no script-bearing images', async () => {
    const upload = (name: string, bytes: Buffer, token = admin) =>
      t.request({ method: 'POST', url: '/api/admin/files?kind=image', token, ...multipart(name, bytes) });
    const pngHead = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    // Over the image limit (5 MB), even though it starts like a PNG.
    const big = await upload('big.png', Buffer.concat([pngHead, Buffer.alloc(5 * 1024 * 1024 + 10, 1)]));
    expect(big.statusCode).toBe(413);
    expect((await upload('x.png', Buffer.from('MZ\x90\x00 this is not a png'))).statusCode).toBe(422);
    expect((await upload('x.svg', Buffer.from('<svg onload="alert(1)"/>'))).statusCode).toBe(422);
    // A student may not upload at all.
    const s = await studentOf(schoolA);
    expect((await upload('dot.png', pngHead, s.token)).statusCode).toBe(403);
  });
});
