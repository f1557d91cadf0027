import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_TYPES } from '../../src/shared/contracts/questions.ts';
import { createQuestion } from './factories/learning.ts';
import { dialects, type TestApp } from './helpers.ts';
import { questionCount, startQuestionBank } from './questions-setup.ts';

// The question bank: CSV import and export (the bank itself: questions.test.ts).
describe.each(dialects)('question bank (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let topics: number[];
  let topicName: string;
  beforeAll(async () => {
    ({ t, admin, topics, topicName } = await startQuestionBank(dialect));
  });
  afterAll(() => t.close());
  const count = () => questionCount(t, admin);

  it('imports a CSV, reports every broken row with its reason, and writes only the good rows', async () => {
    const before = await count();
    const csv = [
      'micro_topic,type,difficulty,stem,explanation,options,correct',
      `${topicName},single_choice,1,"Who described the zone of proximal development?",Vygotsky did.,Piaget|Vygotsky|Erikson,2`,
      `${topicName},true_false,2,"Play is how young children learn, ""naturally"".",Yes.,,true`,
      `${topicName},short_answer,1,Support given just beyond what a child can do alone?,,,scaffolding|scaffold`,
      `${topicName},matching,3,Match theorist to idea,,Piaget=Stages|Bowlby=Attachment,`,
      `${topicName},ordering,2,Order these milestones,,Roll over|Sit|Crawl|Walk,`,
      `${topicName},multiple_choice,2,Open-ended materials?,,Blocks|Worksheets|Sand,1|3`,
      `No Such Topic,true_false,1,Orphan row,,,true`,
      `${topicName},essay,1,Wrong type,,,`,
      `${topicName},single_choice,9,Bad difficulty,,A|B,1`,
      `${topicName},single_choice,1,Correct out of range,,A|B,5`,
      `${topicName},true_false,1,Not a boolean,,,maybe`,
      `${topicName},matching,1,Broken pairs,,A-B|C=D,`,
    ].join('\n');
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/questions/import',
      token: admin,
      payload: { csv },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.created).toBe(6);
    expect(body.rejected.map((r: { row: number }) => r.row)).toEqual([8, 9, 10, 11, 12, 13]);
    expect(body.rejected[0].errors[0]).toContain('Unknown micro topic "No Such Topic"');
    expect(await count()).toBe(before + 6);
  });

  it('refuses a file without the header and writes nothing', async () => {
    const before = await count();
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/questions/import',
      token: admin,
      payload: { csv: 'a,b,c\n1,2,3' },
    });
    expect(res.statusCode).toBe(422);
    expect(await count()).toBe(before);
  });

  it('exports in the import format, so an export imports again', async () => {
    const topic = topics[1]!;
    for (const type of QUESTION_TYPES) await createQuestion(t, admin, topic, type);
    await createQuestion(t, admin, topic, 'true_false', { practice_only: true });
    const exported = await t.request({
      method: 'GET',
      url: `/api/admin/questions/export?micro_topic_id=${topic}`,
      token: admin,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('text/csv');
    const lines = exported.body.trim().split('\r\n');
    expect(lines[0]).toBe('micro_topic,type,difficulty,stem,explanation,options,correct,practice_only');
    expect(lines).toHaveLength(8);
    expect(lines.filter((l) => l.endsWith(',yes'))).toHaveLength(1);
    const again = await t.request({
      method: 'POST',
      url: '/api/admin/questions/import',
      token: admin,
      payload: { csv: exported.body },
    });
    expect(again.json()).toEqual({ created: 7, rejected: [] });
    // The Test Yourself flag travels with the question.
    const practice = await t.ctx.db
      .selectFrom('questions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('micro_topic_id', '=', topic)
      .where('practice_only', '=', 1)
      .executeTakeFirstOrThrow();
    expect(Number(practice.n)).toBe(2);
    // A file made before the column existed still imports; a bad flag is that row's error.
    const legacy = lines
      .slice(0, 2)
      .map((l, i) => (i === 0 ? l.replace(',practice_only', '') : l.replace(/,(yes|no)$/, '')))
      .join('\n');
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/admin/questions/import',
          token: admin,
          payload: { csv: legacy },
        })
      ).json(),
    ).toEqual({ created: 1, rejected: [] });
    const bad = `${lines[0]}\n${lines[1]!.replace(/,(yes|no)$/, ',maybe')}`;
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/admin/questions/import',
          token: admin,
          payload: { csv: bad },
        })
      ).json(),
    ).toEqual({
      created: 0,
      rejected: [{ row: 2, errors: ['practice_only: practice_only must be yes, no or empty.'] }],
    });
  });
});
