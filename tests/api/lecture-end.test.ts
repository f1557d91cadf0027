import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lecture, LectureSummary } from '../../src/shared/contracts/content.ts';
import type { MyAssessment } from '../../src/shared/contracts/assessments.ts';
import { createAssessment } from './factories/learning.ts';
import { dialects, type TestApp } from './helpers.ts';
import { startContent, type Who } from './content-setup.ts';

/**
 * Issue 24: a lecture ends with where to go next: the next lecture (on the same sub topic, as the list groups
 * them, else the next in teaching order) and a quiz on its topics the student can start.
 */
describe.each(dialects)('the end of a lecture (%s)', (dialect) => {
  let t: TestApp;
  let admin: Who;
  let student: Who;
  let schoolA: number;
  beforeAll(async () => {
    ({ t, admin, student, schoolA } = await startContent(dialect));
  });
  afterAll(() => t?.close());

  const get = async <T>(url: string, who: Who): Promise<T> => {
    const res = await t.request({ method: 'GET', url, token: who.token });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as T;
  };
  const lecture = async (id: number, who = student) =>
    (await get<{ lecture: Lecture }>(`/api/lectures/${id}`, who)).lecture;

  it('names the next lecture on the same sub topic, then the next in teaching order, and none after the last', async () => {
    const { data: all } = await get<{ data: LectureSummary[] }>('/api/lectures', student);
    expect(all.length).toBeGreaterThan(2);
    const subTopics = (l: LectureSummary) => new Set(l.topics.map((t) => t.sub_topic_id));
    for (const [i, l] of all.entries()) {
      const mine = subTopics(l);
      const rest = all.slice(i + 1);
      const expected = rest.find((x) => x.topics.some((t) => mine.has(t.sub_topic_id))) ?? rest[0] ?? null;
      const read = await lecture(l.id);
      expect(read.next_lecture, `after ${l.title}`).toEqual(
        expected ? { id: expected.id, title: expected.title } : null,
      );
    }
    expect((await lecture(all.at(-1)!.id)).next_lecture).toBeNull();
  });

  it("offers a quiz on the lecture's topics that the student can start (staff get none)", async () => {
    const { data: all } = await get<{ data: LectureSummary[] }>('/api/lectures', student);
    const target = all.find((l) => l.topics.length > 0)!;
    const topic = target.topics[0]!.id;
    const question = await t.ctx.db
      .selectFrom('questions')
      .select('id')
      .where('micro_topic_id', '=', topic)
      .where('practice_only', '=', 0)
      .executeTakeFirstOrThrow();
    const quizId = await createAssessment(t, admin.token, {
      title: 'Lecture end quiz',
      question_ids: [question.id],
      school_ids: [schoolA],
    });

    const read = await lecture(target.id);
    expect(read.quiz).not.toBeNull();
    const { data: quizzes } = await get<{ data: MyAssessment[] }>('/api/my/assessments?kind=quiz', student);
    const offered = quizzes.find((q) => q.id === read.quiz!.id);
    expect(offered?.can_start).toBe(true);
    expect(quizzes.find((q) => q.id === quizId)?.can_start).toBe(true);

    expect((await lecture(target.id, admin)).quiz).toBeNull();
  });
});
