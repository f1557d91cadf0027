import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_TYPES } from '../../src/shared/contracts/questions.ts';
import { contentOf, createQuestion, createTopics } from './factories/learning.ts';
import { multipart } from './factories/multipart.ts';
import { createUser } from './factories/users.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

describe.each(dialects)('question bank (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let topics: number[];
  let topicName: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'none' });
    const a = await createUser(t, { is_admin: 1 });
    admin = await t.login(a.email, a.password);
    topics = await createTopics(t, admin, 2);
    const graph = (await t.request({ method: 'GET', url: '/api/knowledge-graph', token: admin })).json();
    topicName = graph.subjects
      .flatMap((s: { sub_topics: Array<{ micro_topics: Array<{ id: number; name: string }> }> }) =>
        s.sub_topics.flatMap((st) => st.micro_topics),
      )
      .find((m: { id: number }) => m.id === topics[0])!.name;
  });
  afterAll(() => t.close());

  const count = async () =>
    (await t.request({ method: 'GET', url: '/api/admin/questions?per_page=1', token: admin })).json().meta
      .total as number;

  it.each(QUESTION_TYPES)('stores a %s question and filters by type', async (type) => {
    const id = await createQuestion(t, admin, topics[0]!, type);
    const list = (
      await t.request({
        method: 'GET',
        url: `/api/admin/questions?type=${type}&micro_topic_id=${topics[0]}`,
        token: admin,
      })
    ).json();
    expect(list.data.map((q: { id: number }) => q.id)).toContain(id);
    expect(list.data.every((q: { type: string }) => q.type === type)).toBe(true);
  });

  it('sanitises rich text: tags with attributes and scripts are shown as text, never run', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/questions',
      token: admin,
      payload: {
        micro_topic_id: topics[0],
        difficulty: 1,
        stem: '<p>Safe <strong>bold</strong></p><script>alert(1)</script><img src=x onerror=alert(1)>',
        explanation: '<em>ok</em>',
        content: contentOf('true_false'),
      },
    });
    expect(res.statusCode).toBe(201);
    const stem = res.json().question.stem as string;
    expect(stem).toContain('<p>Safe <strong>bold</strong></p>');
    expect(stem).not.toContain('<script');
    expect(stem).not.toContain('<img');
    expect(stem).toContain('&lt;script&gt;');
  });

  it.each([
    [
      'single choice with two correct',
      {
        type: 'single_choice',
        options: [
          { id: 'a', text: 'A' },
          { id: 'b', text: 'B' },
        ],
        correct: ['a', 'b'],
      },
    ],
    [
      'a correct option that does not exist',
      {
        type: 'single_choice',
        options: [
          { id: 'a', text: 'A' },
          { id: 'b', text: 'B' },
        ],
        correct: ['z'],
      },
    ],
    [
      'multiple choice where all are correct',
      {
        type: 'multiple_choice',
        options: [
          { id: 'a', text: 'A' },
          { id: 'b', text: 'B' },
        ],
        correct: ['a', 'b'],
      },
    ],
    [
      'duplicate options',
      {
        type: 'single_choice',
        options: [
          { id: 'a', text: 'Same' },
          { id: 'b', text: 'same' },
        ],
        correct: ['a'],
      },
    ],
    ['true/false without an answer', { type: 'true_false' }],
    ['short answer with no accepted answers', { type: 'short_answer', accepted: [] }],
    [
      'matching with one pair',
      { type: 'matching', pairs: [{ left_id: 'a', left: 'A', right_id: 'b', right: 'B' }] },
    ],
    [
      'ordering with a repeated item',
      {
        type: 'ordering',
        items: [
          { id: 'a', text: 'One' },
          { id: 'a', text: 'Two' },
        ],
      },
    ],
    ['an unknown type', { type: 'essay' }],
  ])('refuses %s with 422 and writes nothing', async (_label, content) => {
    const before = await count();
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/questions',
      token: admin,
      payload: { micro_topic_id: topics[0], difficulty: 2, stem: 'Stem', content },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toBeDefined();
    expect(await count()).toBe(before);
  });

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

  it('keeps a question that an assessment uses', async () => {
    const id = await createQuestion(t, admin, topics[0]!, 'true_false');
    await t.request({
      method: 'POST',
      url: '/api/admin/assessments',
      token: admin,
      payload: { kind: 'quiz', title: 'Uses it', selection: 'fixed', question_ids: [id] },
    });
    expect(
      (await t.request({ method: 'DELETE', url: `/api/admin/questions/${id}`, token: admin })).statusCode,
    ).toBe(409);
  });

  it('keeps a question image in the file store and refuses a file that is not an image', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5d8a3a30000000049454e44ae426082',
      'hex',
    );
    const res = await t.request({
      method: 'POST',
      url: '/api/admin/files?kind=image',
      token: admin,
      ...multipart('dot.png', png),
    });
    expect(res.statusCode).toBe(201);
    const url = res.json().file.url as string;
    expect(url).toMatch(/^\/api\/files\/\d+$/);
    const saved = await t.request({
      method: 'POST',
      url: '/api/admin/questions',
      token: admin,
      payload: {
        micro_topic_id: topics[0],
        difficulty: 1,
        stem: '<p>What does the picture show?</p>',
        image_url: url,
        content: contentOf('true_false'),
      },
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().question.image_url).toBe(url);
    const img = await t.request({ method: 'GET', url, token: admin });
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.equals(png)).toBe(true);
    // An SVG that says it is a PNG is refused by its content.
    const fake = await t.request({
      method: 'POST',
      url: '/api/admin/files?kind=image',
      token: admin,
      ...multipart('fake.png', Buffer.from('<svg onload=alert(1)>')),
    });
    expect(fake.statusCode).toBe(422);
    // A link anywhere else is not an image of ours.
    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/admin/questions',
      token: admin,
      payload: {
        micro_topic_id: topics[0],
        difficulty: 1,
        stem: '<p>Elsewhere</p>',
        image_url: 'https://example.com/x.png',
        content: contentOf('true_false'),
      },
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors.image_url).toBeDefined();
  });
});

describe('rich text sanitiser', () => {
  it('is idempotent: saving a stored stem again does not escape it twice', async () => {
    const { sanitizeRichText } = await import('../../src/shared/rich-text.ts');
    const once = sanitizeRichText('<p>Fish & chips <b>5 < 6</b></p>');
    expect(once).toBe('<p>Fish &amp; chips &lt;b&gt;5 &lt; 6&lt;/b&gt;</p>');
    expect(sanitizeRichText(once)).toBe(once);
  });
});
