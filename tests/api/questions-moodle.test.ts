import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuestion } from './factories/learning.ts';
import { createUser } from './factories/users.ts';
import { moodleDocsXml, moodleRejectsXml, PNG_BASE64 } from './fixtures/question-files.ts';
import { dialects, type TestApp } from './helpers.ts';
import {
  comparableBank,
  imageHashes,
  importForm,
  importQuestions,
  microTopicNamed,
} from './question-import-setup.ts';
import { questionCount, startQuestionBank } from './questions-setup.ts';

// The question bank's Moodle XML import and export (issue 27): preview, confirm, no duplicates, rejections,
// images through the file store, scope, round trip into a fresh instance, and hostile files.
describe.each(dialects)('Moodle XML import and export (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let topics: number[];
  let topicName: string;
  beforeAll(async () => {
    ({ t, admin, topics, topicName } = await startQuestionBank(dialect));
  });
  afterAll(() => t.close());
  const count = () => questionCount(t, admin);
  const files = async () =>
    Number(
      (
        await t.ctx.db
          .selectFrom('files')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const moodle = (text: string | Buffer, options: Parameters<typeof importQuestions>[4] = {}) =>
    importQuestions(t, admin, 'moodle_xml', text, options);

  it('previews the documentation examples as they will be stored, and writes nothing', async () => {
    const [before, filesBefore] = [await count(), await files()];
    const res = await moodle(moodleDocsXml(topicName));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.confirmed).toBe(false);
    expect(body.created).toBe(0);
    expect(body.rejected).toEqual([]);
    expect(body.questions.map((q: { type: string }) => q.type)).toEqual([
      'single_choice',
      'true_false',
      'short_answer',
      'matching',
      'single_choice',
    ]);
    const [mc, tf, sa, match, image] = body.questions;
    expect(mc).toMatchObject({ micro_topic_id: topics[0], micro_topic_name: topicName, difficulty: 2 });
    expect(mc.stem).toBe('What is the answer to this question?');
    expect(mc.content.options.map((o: { text: string }) => o.text)).toEqual([
      'The correct answer',
      'A distractor',
      'Another distractor',
    ]);
    expect(mc.content.correct).toEqual([mc.content.options[0].id]);
    // Moodle's attributes and <b> come in as our bare tags.
    expect(tf.stem).toBe('<p>Is <strong>this</strong> true?</p>');
    expect(tf.content).toEqual({ type: 'true_false', correct: true });
    expect(sa.content.accepted).toEqual(['The correct answer', 'An alternative answer']);
    expect(match.content.pairs.map((p: { left: string; right: string }) => [p.left, p.right])).toEqual([
      ['This is the 1st item in the 1st pair.', 'This is the 2nd item in the 1st pair.'],
      ['This is the 1st item in the 2nd pair.', 'This is the 2nd item in the 2nd pair.'],
    ]);
    expect(image.images).toEqual([expect.objectContaining({ name: 'grape.png', mime: 'image/png' })]);
    expect(image.stem).toContain('[image: grape.png]');
    expect(await count()).toBe(before);
    expect(await files()).toBe(filesBefore);
  });

  it('writes the accepted questions on confirm, images through the file store, audited; a second import adds nothing', async () => {
    const before = await count();
    const res = await moodle(moodleDocsXml(topicName), { confirm: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ confirmed: true, created: 5, already_in_bank: 0 });
    expect(await count()).toBe(before + 5);
    const imageQuestion = body.questions[4];
    const stored = (
      await t.request({ method: 'GET', url: `/api/admin/questions/${imageQuestion.id}`, token: admin })
    ).json().question;
    const src = /<img src="(\/api\/files\/\d+)" alt="grape">/.exec(stored.stem)?.[1];
    expect(src).toBeDefined();
    const file = await t.request({ method: 'GET', url: src!, token: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(Buffer.from(PNG_BASE64, 'base64'))).toBe(true);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['action', 'after'])
      .where('action', '=', 'import_questions')
      .execute();
    expect(audit.at(-1)!.after).toContain('5 questions from a Moodle XML file');

    const again = await moodle(moodleDocsXml(topicName));
    expect(again.json().already_in_bank).toBe(5);
    for (const q of again.json().questions) {
      expect(q.already_in_bank).toBe(true);
      expect(q.notes).toContain('Already in the bank: not imported again.');
    }
    const filesBefore = await files();
    const confirmedAgain = await moodle(moodleDocsXml(topicName), { confirm: true });
    expect(confirmedAgain.json()).toMatchObject({ created: 0, already_in_bank: 5 });
    expect(await count()).toBe(before + 5);
    expect(await files()).toBe(filesBefore);
  });

  it('rejects each question it cannot take, with its reason, and writes the others', async () => {
    const before = await count();
    const res = await moodle(moodleRejectsXml, { microTopicId: topics[1], confirm: true });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.created).toBe(0);
    const reasons = Object.fromEntries(
      body.rejected.map((r: { title: string; errors: string[] }) => [r.title, r.errors.join(' ')]),
    );
    expect(reasons['An essay']).toMatch(/essay questions are not supported/);
    expect(reasons['A number']).toMatch(/numerical questions are not supported/);
    expect(reasons['A cloze']).toMatch(/Cloze\) questions are not supported/);
    expect(reasons['No key']).toMatch(/answer key is missing/);
    expect(reasons['Fake image']).toMatch(/The image “evil.png” is not an image/);
    expect(await count()).toBe(before);
  });

  it('takes the micro topic a category names, else the chosen one, else refuses the question', async () => {
    const xml = (category: string) =>
      moodleDocsXml(topicName)
        .replace(`$course$/top/${topicName}`, category)
        .replace('What is the answer to this question?', `Topic check ${category}`);
    const named = (await moodle(xml(`$course$/top/${topicName.toUpperCase()}`))).json();
    expect(named.questions[0].micro_topic_id).toBe(topics[0]);
    const fallback = (
      await moodle(xml('$course$/top/Default for Course'), { microTopicId: topics[1] })
    ).json();
    expect(fallback.questions[0].micro_topic_id).toBe(topics[1]);
    const neither = (await moodle(xml('$course$/top/No Such Topic'))).json();
    expect(neither.questions).toEqual([]);
    expect(neither.rejected[0].errors[0]).toContain('Unknown micro topic “No Such Topic”');
    const badDefault = await moodle(xml('x'), { microTopicId: 99999 });
    expect(badDefault.statusCode).toBe(422);
    expect(badDefault.json().errors.micro_topic_id).toBeDefined();
  });

  it('is for admins: a teacher or a student may neither preview nor import', async () => {
    const before = await count();
    for (const role of [{ is_teacher: 1 }, {}]) {
      const u = await createUser(t, role);
      const token = await t.login(u.email, u.password);
      const res = await importQuestions(t, token, 'moodle_xml', moodleDocsXml(topicName), { confirm: true });
      expect(res.statusCode).toBe(403);
      const exported = await t.request({
        method: 'GET',
        url: '/api/admin/questions/export?format=moodle_xml',
        token,
      });
      expect(exported.statusCode).toBe(403);
    }
    expect(await count()).toBe(before);
  });

  it('keeps the CSV import working through the same route, as JSON and as a file (field "csv" or "file")', async () => {
    const csv = `micro_topic,type,difficulty,stem,explanation,options,correct\n${topicName},true_false,1,Moodle CSV check,,,true\n`;
    const preview = await importQuestions(t, admin, 'csv', csv, { field: 'csv' });
    expect(preview.json()).toMatchObject({
      created: 0,
      confirmed: false,
      questions: [{ type: 'true_false' }],
    });
    const written = await importQuestions(t, admin, 'csv', csv, { confirm: true });
    expect(written.json()).toMatchObject({ created: 1 });
    const json = await t.request({
      method: 'POST',
      url: '/api/admin/questions/import',
      token: admin,
      payload: { csv: csv.replace('Moodle CSV check', 'Moodle CSV check 2') },
    });
    expect(json.json()).toEqual({ created: 1, rejected: [] });
  });

  it('round trip: the export imported into a fresh instance gives the same questions and images', async () => {
    // Every type of ours, practice-only and the explanation included.
    for (const type of ['ordering', 'multiple_choice', 'matching'] as const)
      await createQuestion(t, admin, topics[0]!, type, { practice_only: type === 'multiple_choice' });
    const exported = await t.request({
      method: 'GET',
      url: `/api/admin/questions/export?format=moodle_xml&micro_topic_id=${topics[0]}`,
      token: admin,
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('application/xml');
    expect(exported.body).toContain('<file name="grape.png" path="/" encoding="base64">');
    const fresh = await startQuestionBank(dialect);
    try {
      const topic = await microTopicNamed(fresh.t, fresh.admin, topicName);
      const res = await importQuestions(fresh.t, fresh.admin, 'moodle_xml', exported.body, { confirm: true });
      expect(res.json().rejected).toEqual([]);
      expect(await comparableBank(fresh.t, fresh.admin, topic)).toEqual(
        await comparableBank(t, admin, topics[0]!),
      );
      const hashes = await imageHashes(fresh.t, topic);
      expect(hashes.length).toBe(1);
      expect(hashes).toEqual(await imageHashes(t, topics[0]!));
    } finally {
      await fresh.t.close();
    }
  });

  it('embeds a picture from before the file store; a fresh instance stores it by the same content', async () => {
    const bytes = Buffer.from(PNG_BASE64, 'base64');
    const hash = createHash('sha256').update(bytes).digest('hex');
    await mkdir(join(t.ctx.config.dataDir, 'uploads'), { recursive: true });
    await writeFile(join(t.ctx.config.dataDir, 'uploads', `${hash}.png`), bytes);
    const made = await t.request({
      method: 'POST',
      url: '/api/admin/questions',
      token: admin,
      payload: {
        micro_topic_id: topics[1],
        difficulty: 1,
        stem: 'An old picture question',
        image_url: `/api/uploads/${hash}.png`,
        content: { type: 'true_false', correct: true },
      },
    });
    expect(made.statusCode).toBe(201);
    const exported = await t.request({
      method: 'GET',
      url: `/api/admin/questions/export?format=moodle_xml&micro_topic_id=${topics[1]}`,
      token: admin,
    });
    expect(exported.body).toContain(
      `<file name="${hash}.png" path="/" encoding="base64">${PNG_BASE64}</file>`,
    );
    const fresh = await startQuestionBank(dialect);
    try {
      const topic = await microTopicNamed(
        fresh.t,
        fresh.admin,
        (await comparableBank(t, admin, topics[1]!))[0]!.topic,
      );
      const res = await importQuestions(fresh.t, fresh.admin, 'moodle_xml', exported.body, { confirm: true });
      expect(res.json()).toMatchObject({ created: 1, rejected: [] });
      expect(await imageHashes(fresh.t, topic)).toEqual([hash]);
    } finally {
      await fresh.t.close();
    }
  });

  describe('hostile or broken files: a clear refusal, nothing written, quickly', () => {
    const quick = async (send: () => Promise<{ statusCode: number; body: string }>) => {
      const before = await count();
      const started = Date.now();
      const res = await send();
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await count()).toBe(before);
      return res;
    };

    it('malformed XML: 422 naming the line', async () => {
      const res = await quick(() =>
        moodle('<?xml version="1.0"?>\n<quiz>\n  <question type="truefalse">\n</quiz>'),
      );
      expect(res.statusCode).toBe(422);
      expect(JSON.parse(res.body).errors.file[0]).toMatch(/^The XML cannot be read\. Line \d+, column \d+: /);
    });

    it('a file that is not Moodle XML: 422', async () => {
      const res = await quick(() => moodle('<html><body>hi</body></html>'));
      expect(res.statusCode).toBe(422);
      expect(JSON.parse(res.body).errors.file[0]).toContain('root element must be <quiz>');
    });

    it('"billion laughs": refused without expanding anything', async () => {
      const lol = [
        '<?xml version="1.0"?>',
        '<!DOCTYPE lolz [',
        ' <!ENTITY lol "lol">',
        ...Array.from(
          { length: 9 },
          (_, i) => ` <!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`,
        ),
        ']>',
        '<quiz><question type="truefalse"><name><text>&lol9;</text></name></question></quiz>',
      ].join('\n');
      const res = await quick(() => moodle(lol));
      expect(res.statusCode).toBe(422);
      expect(JSON.parse(res.body).errors.file[0]).toContain('declares entities');
    });

    it('an external entity: refused, the file never read', async () => {
      const xxe =
        '<?xml version="1.0"?>\n<!DOCTYPE quiz [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>\n' +
        '<quiz><question type="shortanswer"><name><text>&xxe;</text></name>' +
        '<questiontext><text>&xxe;</text></questiontext><answer fraction="100"><text>a</text></answer></question></quiz>';
      const res = await quick(() => moodle(xxe, { microTopicId: topics[0] }));
      expect(res.statusCode).toBe(422);
      expect(res.body).not.toContain('root:');
      // Undeclared, an entity is an error too: nothing is looked up.
      const undeclared = await quick(() =>
        moodle('<quiz><question type="truefalse"><name><text>&xxe;</text></name></question></quiz>'),
      );
      expect(undeclared.statusCode).toBe(422);
    });

    it('a 50 MB file: 413 by its declared size, and 413 when streamed without one', async () => {
      const big = Buffer.alloc(50 * 1024 * 1024, 'a');
      const declared = await quick(() => moodle(big));
      expect(declared.statusCode).toBe(413);
      expect(JSON.parse(declared.body).message).toMatch(/at most 10 MB/);
      const { payload, headers } = importForm({ format: 'moodle_xml' }, { name: 'big.xml', content: big });
      const streamed = await quick(() =>
        t.request({
          method: 'POST',
          url: '/api/admin/questions/import',
          token: admin,
          headers,
          payload: Readable.from(
            (function* () {
              for (let i = 0; i < payload.length; i += 1 << 20) yield payload.subarray(i, i + (1 << 20));
            })(),
          ),
        }),
      );
      expect(streamed.statusCode).toBe(413);
    });

    it('a missing file or a wrong format: 422', async () => {
      const noFormat = await quick(() => importQuestions(t, admin, 'word', 'x'));
      expect(noFormat.statusCode).toBe(422);
      expect(JSON.parse(noFormat.body).errors.format).toBeDefined();
      const { payload, headers } = importForm(
        { format: 'gift' },
        { name: 'x', content: Buffer.from(''), field: 'other' },
      );
      const wrongField = await quick(() =>
        t.request({ method: 'POST', url: '/api/admin/questions/import', token: admin, headers, payload }),
      );
      expect(wrongField.statusCode).toBe(422);
    });
  });
});
