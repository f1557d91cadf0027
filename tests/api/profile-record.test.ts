import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileRecord } from '../../src/shared/contracts/profile-record.ts';
import { createAssessment, newId, rightAnswer } from './factories/learning.ts';
import { takingHelpers } from './factories/taking.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

/** Exactly what the record may say of an attempt: the score, never a pass mark, answers or tallies. */
const ATTEMPT_KEYS = [
  'assessment_id',
  'id',
  'kind',
  'max_score',
  'percent',
  'score',
  'started_at',
  'status',
  'submitted_at',
  'title',
  'used_offline_grace',
].sort();

describe.each(dialects)('the profile record (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let school: number;
  const h = takingHelpers(
    () => t,
    () => admin,
  );
  const record = (token: string, query: Record<string, string> = {}) =>
    t.request({ method: 'GET', url: '/api/my/record', token, query });

  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'demo' });
    admin = await t.login('admin@pathbuilder.test');
    const demo = await t.login('student@pathbuilder.test');
    school = (await t.request({ method: 'GET', url: '/api/refresh', token: demo })).json().user.school_id;
  });
  afterAll(() => t.close());

  /** A student with a submitted quiz (score only, never reviewed), an exam in progress and a practice. */
  async function studentWithAttempts() {
    const student = await h.studentOf(school);
    const { ids } = await h.freshQuestions(['true_false', 'true_false']);
    const quiz = await createAssessment(t, admin, {
      title: 'Play and learning quiz',
      question_ids: ids,
      school_ids: [school],
      review_policy: 'never',
      pass_mark: 50,
    });
    const exam = await createAssessment(t, admin, {
      kind: 'exam',
      title: 'Child development exam',
      question_ids: ids,
      school_ids: [school],
      closes_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    const quizAttempt = (await h.start(student.token, quiz)).json().id as string;
    await h.save(student.token, quizAttempt, ids[0]!, rightAnswer('true_false'));
    expect((await h.submit(student.token, quizAttempt)).statusCode).toBe(200);
    const examAttempt = (await h.start(student.token, exam)).json().id as string;
    const practiceTopic = (await h.freshQuestions(['true_false'], { practice_only: true })).topic;
    const practice = await t.request({
      method: 'POST',
      url: '/api/practice',
      token: student.token,
      payload: { id: newId(), micro_topic_ids: [practiceTopic], count: 1 },
    });
    expect(practice.statusCode, practice.body).toBe(200);
    return { student, quiz, exam, quizAttempt, examAttempt, practiceAttempt: practice.json().id as string };
  }

  it('shows the student’s details and every attempt, newest first, with the score of each submitted one', async () => {
    const s = await studentWithAttempts();
    const res = await record(s.student.token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as ProfileRecord;
    expect(body.student).toMatchObject({
      email: s.student.email,
      school_name: expect.any(String),
      taken_diagnostic: true,
      member_since: expect.any(String),
    });
    const ids = body.data.map((a) => a.id);
    expect(new Set(ids)).toEqual(new Set([s.quizAttempt, s.examAttempt, s.practiceAttempt]));
    expect([...body.data].sort((a, b) => b.started_at.localeCompare(a.started_at))).toEqual(body.data);
    expect(body.totals).toEqual({ quiz: 1, exam: 1, diagnostic: 0, practice: 1 });
    expect(body.meta).toEqual({ total: 3, page: 1, per_page: 100 });

    const quiz = body.data.find((a) => a.id === s.quizAttempt)!;
    expect(quiz).toMatchObject({
      kind: 'quiz',
      title: 'Play and learning quiz',
      status: 'submitted',
      score: 1,
      max_score: 2,
      percent: 50,
      used_offline_grace: false,
      assessment_id: s.quiz,
    });
    // "Never (score only)": the score, and nothing more — no pass/fail, no answers, no per-topic tally.
    for (const a of body.data) expect(Object.keys(a).sort()).toEqual(ATTEMPT_KEYS);
    expect(body.data.find((a) => a.id === s.examAttempt)).toMatchObject({
      kind: 'exam',
      status: 'in_progress',
      submitted_at: null,
      score: null,
      max_score: null,
      percent: null,
    });
    expect(body.data.find((a) => a.id === s.practiceAttempt)).toMatchObject({
      kind: 'practice',
      assessment_id: null,
    });
  });

  it('says when a result used the offline grace', async () => {
    const s = await studentWithAttempts();
    await t.ctx.db
      .updateTable('attempts')
      .set({ used_offline_grace: 1 })
      .where('id', '=', s.quizAttempt)
      .execute();
    const body = (await record(s.student.token)).json() as ProfileRecord;
    expect(body.data.find((a) => a.id === s.quizAttempt)!.used_offline_grace).toBe(true);
  });

  it('holds only the caller’s own attempts, and cannot be asked for anyone else’s', async () => {
    const mine = await studentWithAttempts();
    const theirs = await studentWithAttempts();
    const body = (await record(mine.student.token)).json() as ProfileRecord;
    const ids = body.data.map((a) => a.id);
    for (const id of [theirs.quizAttempt, theirs.examAttempt, theirs.practiceAttempt])
      expect(ids).not.toContain(id);
    expect(body.student.email).toBe(mine.student.email);
    // There is no user id to give: an attempt to name one is refused, not ignored.
    const named = await record(mine.student.token, { user_id: '1' });
    expect(named.statusCode).toBe(422);
  });

  it('pages through a long record', async () => {
    const s = await studentWithAttempts();
    const all = ((await record(s.student.token)).json() as ProfileRecord).data.map((a) => a.id);
    const pages = [];
    for (const page of ['1', '2', '3'])
      pages.push(
        ((await record(s.student.token, { per_page: '1', page })).json() as ProfileRecord).data.map(
          (a) => a.id,
        ),
      );
    expect(pages.flat()).toEqual(all);
    expect((await record(s.student.token, { per_page: '501' })).statusCode).toBe(422);
  });

  it('is for students only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/my/record' })).statusCode).toBe(401);
    expect((await record(admin)).statusCode).toBe(403);
    expect((await record(await t.login('teacher@pathbuilder.test'))).statusCode).toBe(403);
  });

  it('shows the demo student’s seeded history', async () => {
    const body = (await record(await t.login('student@pathbuilder.test'))).json() as ProfileRecord;
    expect(body.student.taken_diagnostic).toBe(true);
    expect(body.totals.diagnostic).toBeGreaterThanOrEqual(1);
    expect(body.data.every((a) => a.status !== 'submitted' || a.score !== null)).toBe(true);
  });
});
