import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuestion, createTopics } from './factories/learning.ts';
import { dialects, startTestApp, type TestApp } from './helpers.ts';

describe.each(dialects)('knowledge graph (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp(dialect, { seed: 'none' });
    const { createUser } = await import('./factories/users.ts');
    const a = await createUser(t, { is_admin: 1 });
    admin = await t.login(a.email, a.password);
  });
  afterAll(() => t.close());

  const graph = async () =>
    (await t.request({ method: 'GET', url: '/api/knowledge-graph', token: admin })).json();
  const micro = async (id: number) => {
    for (const s of (await graph()).subjects)
      for (const st of s.sub_topics) for (const m of st.micro_topics) if (m.id === id) return m;
    return undefined;
  };
  const setPrereqs = (id: number, name: string, subTopicId: number, prerequisite_ids: number[]) =>
    t.request({
      method: 'PUT',
      url: `/api/admin/micro-topics/${id}`,
      token: admin,
      payload: { sub_topic_id: subTopicId, name, description: '', prerequisite_ids },
    });

  it('refuses a prerequisite cycle with a message naming the path, and keeps the graph as it was', async () => {
    const [a, b, c] = await createTopics(t, admin, 3);
    const ma = (await micro(a!))!;
    const mb = (await micro(b!))!;
    const mc = (await micro(c!))!;
    expect((await setPrereqs(b!, mb.name, mb.sub_topic_id, [a!])).statusCode).toBe(204);
    expect((await setPrereqs(c!, mc.name, mc.sub_topic_id, [b!])).statusCode).toBe(204);
    const res = await setPrereqs(a!, ma.name, ma.sub_topic_id, [c!]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.prerequisite_ids[0]).toBe(
      `That would make a cycle: ${ma.name} → ${mc.name} → ${mb.name} → ${ma.name}.`,
    );
    expect((await micro(a!))!.prerequisite_ids).toEqual([]);
    const self = await setPrereqs(a!, ma.name, ma.sub_topic_id, [a!]);
    expect(self.statusCode).toBe(422);
  });

  it('refuses to delete a micro topic, sub topic or subject that questions use, and deletes an unused one', async () => {
    const [used, unused] = await createTopics(t, admin, 2);
    await createQuestion(t, admin, used!, 'true_false');
    const m = (await micro(used!))!;
    expect(
      (await t.request({ method: 'DELETE', url: `/api/admin/micro-topics/${used}`, token: admin }))
        .statusCode,
    ).toBe(409);
    const sub = await t.request({
      method: 'DELETE',
      url: `/api/admin/sub-topics/${m.sub_topic_id}`,
      token: admin,
    });
    expect(sub.statusCode).toBe(409);
    expect(sub.json().message).toContain('1 question');
    expect(await micro(used!)).toBeDefined();
    expect(
      (await t.request({ method: 'DELETE', url: `/api/admin/micro-topics/${unused}`, token: admin }))
        .statusCode,
    ).toBe(204);
    expect(await micro(unused!)).toBeUndefined();
  });

  it('reorders siblings and refuses a partial list', async () => {
    const ids = await createTopics(t, admin, 3);
    const reversed = [...ids].reverse();
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/admin/knowledge-graph/order',
          token: admin,
          payload: { level: 'micro_topic', ids: reversed },
        })
      ).statusCode,
    ).toBe(204);
    const m = (await micro(ids[0]!))!;
    const sub = (await graph()).subjects
      .flatMap((s: { sub_topics: unknown[] }) => s.sub_topics)
      .find((s: { id: number }) => s.id === m.sub_topic_id);
    expect(sub.micro_topics.map((x: { id: number }) => x.id)).toEqual(reversed);
    const partial = await t.request({
      method: 'PUT',
      url: '/api/admin/knowledge-graph/order',
      token: admin,
      payload: { level: 'micro_topic', ids: reversed.slice(1) },
    });
    expect(partial.statusCode).toBe(422);
  });

  it('refuses duplicate names and bad bodies with 422', async () => {
    const name = `Unique ${Date.now()}`;
    expect(
      (await t.request({ method: 'POST', url: '/api/admin/subjects', token: admin, payload: { name } }))
        .statusCode,
    ).toBe(201);
    expect(
      (await t.request({ method: 'POST', url: '/api/admin/subjects', token: admin, payload: { name } }))
        .statusCode,
    ).toBe(422);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/admin/micro-topics',
          token: admin,
          payload: { sub_topic_id: 999999, name: 'Orphan topic' },
        })
      ).statusCode,
    ).toBe(422);
  });
});
