import type { TestApp } from './helpers.ts';

/** A multipart/form-data body with text fields and one file, as the bank's import form sends it. */
export function importForm(
  fields: Record<string, string>,
  file: { name: string; content: Buffer; field?: string },
) {
  const boundary = `----pathbuilder${Math.random().toString(16).slice(2)}`;
  const parts = Object.entries(fields).map(
    ([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    file.content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, boundary };
}

/** POST /api/admin/questions/import with a file of `format`: a preview unless `confirm`. */
export function importQuestions(
  t: TestApp,
  token: string,
  format: string,
  text: string | Buffer,
  options: { confirm?: boolean; microTopicId?: number; field?: string; name?: string } = {},
) {
  const fields: Record<string, string> = { format };
  if (options.microTopicId !== undefined) fields.micro_topic_id = String(options.microTopicId);
  if (options.confirm) fields.confirm = 'true';
  const { payload, headers } = importForm(fields, {
    name: options.name ?? 'questions.txt',
    content: Buffer.isBuffer(text) ? text : Buffer.from(text),
    field: options.field,
  });
  return t.request({ method: 'POST', url: '/api/admin/questions/import', token, payload, headers });
}

/** A subject, sub topic and micro topic named `name` (a fresh instance's copy of another's topic). */
export async function microTopicNamed(t: TestApp, admin: string, name: string): Promise<number> {
  const subject = (
    await t.request({
      method: 'POST',
      url: '/api/admin/subjects',
      token: admin,
      payload: { name: `Subject for ${name}`.slice(0, 100), description: '' },
    })
  ).json().id;
  const sub = (
    await t.request({
      method: 'POST',
      url: '/api/admin/sub-topics',
      token: admin,
      payload: { subject_id: subject, name: 'Sub' },
    })
  ).json().id;
  return (
    await t.request({
      method: 'POST',
      url: '/api/admin/micro-topics',
      token: admin,
      payload: { sub_topic_id: sub, name, description: '', prerequisite_ids: [] },
    })
  ).json().id;
}

/** The questions of one micro topic as a round trip compares them: option ids and question ids left out. */
export async function comparableBank(t: TestApp, admin: string, microTopicId: number) {
  const res = await t.request({
    method: 'GET',
    url: `/api/admin/questions?micro_topic_id=${microTopicId}&per_page=100`,
    token: admin,
  });
  const list = res.json().data as Array<{
    type: string;
    stem: string;
    explanation: string;
    difficulty: number;
    practice_only: boolean;
    micro_topic_name: string;
    content: Record<string, unknown>;
  }>;
  return list.map((q) => ({
    type: q.type,
    stem: q.stem.replace(/\/api\/files\/\d+/g, '/api/files/N'),
    explanation: q.explanation,
    difficulty: q.difficulty,
    practice_only: q.practice_only,
    topic: q.micro_topic_name,
    content: withoutIds(q.content),
  }));
}

function withoutIds(c: Record<string, unknown>): unknown {
  const opts = (c.options ?? c.items) as Array<{ id: string; text: string }> | undefined;
  if (c.type === 'single_choice' || c.type === 'multiple_choice')
    return { type: c.type, options: opts!.map((o) => [o.text, (c.correct as string[]).includes(o.id)]) };
  if (c.type === 'ordering') return { type: c.type, items: opts!.map((o) => o.text) };
  if (c.type === 'matching')
    return {
      type: c.type,
      pairs: (c.pairs as Array<{ left: string; right: string }>).map((p) => [p.left, p.right]),
    };
  return c;
}

/** The sha256 of every image the topic's questions show, in order (the file store names bytes by it). */
export async function imageHashes(t: TestApp, microTopicId: number): Promise<string[]> {
  const rows = await t.ctx.db
    .selectFrom('questions')
    .select(['stem'])
    .where('micro_topic_id', '=', microTopicId)
    .orderBy('id')
    .execute();
  const ids = rows.flatMap((r) => [...r.stem.matchAll(/\/api\/files\/(\d+)/g)].map((m) => Number(m[1])));
  const hashes: string[] = [];
  for (const id of ids)
    hashes.push(
      (await t.ctx.db.selectFrom('files').select('hash').where('id', '=', id).executeTakeFirstOrThrow()).hash,
    );
  return hashes;
}
