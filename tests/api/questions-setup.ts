import { createTopics } from './factories/learning.ts';
import { createUser } from './factories/users.ts';
import { startTestApp, type DialectName, type TestApp } from './helpers.ts';

/** What the questions*.test.ts files share: an empty app, an admin, two micro topics and the first one's name. */
export async function startQuestionBank(
  dialect: DialectName,
): Promise<{ t: TestApp; admin: string; topics: number[]; topicName: string }> {
  const t = await startTestApp(dialect, { seed: 'none' });
  const a = await createUser(t, { is_admin: 1 });
  const admin = await t.login(a.email, a.password);
  const topics = await createTopics(t, admin, 2);
  const graph = (await t.request({ method: 'GET', url: '/api/knowledge-graph', token: admin })).json();
  const topicName = graph.subjects
    .flatMap((s: { sub_topics: Array<{ micro_topics: Array<{ id: number; name: string }> }> }) =>
      s.sub_topics.flatMap((st) => st.micro_topics),
    )
    .find((m: { id: number }) => m.id === topics[0])!.name;
  return { t, admin, topics, topicName };
}

/** How many questions the bank holds. */
export const questionCount = async (t: TestApp, admin: string) =>
  (await t.request({ method: 'GET', url: '/api/admin/questions?per_page=1', token: admin })).json().meta
    .total as number;
