import type { KnowledgeGraph, MicroTopic } from '../../../shared/contracts/knowledge-graph.ts';
import type { Db } from '../../db/database.ts';
import { HttpError, notFound, unprocessable } from '../../plugins/errors.ts';
import { createKnowledgeGraphRepository } from './knowledge-graph.repository.ts';

type Level = 'subject' | 'sub_topic' | 'micro_topic';

/** Finds a path prerequisite → … → target along prerequisite edges, if adding target → prerequisite would close a cycle. */
export function findCycle(
  edges: Array<{ micro_topic_id: number; prerequisite_id: number }>,
  target: number,
  prerequisites: number[],
): number[] | null {
  const next = new Map<number, number[]>();
  for (const e of edges)
    if (e.micro_topic_id !== target)
      (next.get(e.micro_topic_id) ?? next.set(e.micro_topic_id, []).get(e.micro_topic_id)!).push(
        e.prerequisite_id,
      );
  for (const start of prerequisites) {
    const seen = new Set<number>();
    const stack: number[][] = [[start]];
    while (stack.length) {
      const path = stack.pop()!;
      const node = path[path.length - 1]!;
      if (node === target) return [target, ...path];
      if (seen.has(node)) continue;
      seen.add(node);
      for (const n of next.get(node) ?? []) stack.push([...path, n]);
    }
  }
  return null;
}

export function createKnowledgeGraphService(db: Db) {
  const repo = createKnowledgeGraphRepository(db);

  async function refuseIfUsed(level: Level, id: number, what: string): Promise<void> {
    const usage = await repo.usage(await repo.microTopicIdsUnder(level, id));
    if (usage.questions || usage.draws) {
      const parts = [
        usage.questions && `${usage.questions} question${usage.questions === 1 ? '' : 's'}`,
        usage.draws && `${usage.draws} assessment draw${usage.draws === 1 ? '' : 's'}`,
      ].filter(Boolean);
      throw new HttpError(409, `This ${what} is used by ${parts.join(' and ')}. Move or delete them first.`);
    }
  }

  async function checkPrerequisites(microTopicId: number | null, ids: number[]): Promise<void> {
    const all = await repo.microTopics();
    const names = new Map(all.map((m) => [m.id, m.name]));
    const unknown = ids.filter((i) => !names.has(i));
    if (unknown.length)
      throw unprocessable({
        prerequisite_ids: [`Unknown micro topic${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.`],
      });
    if (microTopicId !== null && ids.includes(microTopicId))
      throw unprocessable({ prerequisite_ids: ['A micro topic cannot be its own prerequisite.'] });
    if (microTopicId === null) return;
    const cycle = findCycle(await repo.edges(), microTopicId, ids);
    if (cycle) {
      throw unprocessable({
        prerequisite_ids: [`That would make a cycle: ${cycle.map((i) => names.get(i)).join(' → ')}.`],
      });
    }
  }

  return {
    async graph(): Promise<KnowledgeGraph> {
      const [subjects, subTopics, micros, edges, counts] = await Promise.all([
        repo.subjects(),
        repo.subTopics(),
        repo.microTopics(),
        repo.edges(),
        repo.questionCounts(),
      ]);
      const countOf = new Map(counts.map((c) => [c.micro_topic_id, Number(c.n)]));
      const prereqs = new Map<number, number[]>();
      for (const e of edges)
        (prereqs.get(e.micro_topic_id) ?? prereqs.set(e.micro_topic_id, []).get(e.micro_topic_id)!).push(
          e.prerequisite_id,
        );
      const microOf = (subTopicId: number): MicroTopic[] =>
        micros
          .filter((m) => m.sub_topic_id === subTopicId)
          .map((m) => ({
            ...m,
            prerequisite_ids: (prereqs.get(m.id) ?? []).sort((a, b) => a - b),
            question_count: countOf.get(m.id) ?? 0,
          }));
      return {
        subjects: subjects.map((s) => ({
          ...s,
          sub_topics: subTopics
            .filter((t) => t.subject_id === s.id)
            .map((t) => ({ ...t, micro_topics: microOf(t.id) })),
        })),
      };
    },

    async createSubject(body: { name: string; description: string }) {
      if (await repo.nameTaken('subjects', body.name))
        throw unprocessable({ name: ['A subject with this name already exists.'] });
      return repo.insertSubject({ ...body, position: await repo.nextPosition('subjects') });
    },
    async updateSubject(id: number, body: { name: string; description: string }) {
      if (!(await repo.findSubject(id))) throw notFound('That subject does not exist.');
      if (await repo.nameTaken('subjects', body.name, id))
        throw unprocessable({ name: ['A subject with this name already exists.'] });
      await repo.updateSubject(id, body);
    },
    async deleteSubject(id: number) {
      if (!(await repo.findSubject(id))) throw notFound('That subject does not exist.');
      await refuseIfUsed('subject', id, 'subject');
      await repo.deleteSubject(id);
    },

    async createSubTopic(body: { subject_id: number; name: string }) {
      if (!(await repo.findSubject(body.subject_id)))
        throw unprocessable({ subject_id: ['The selected subject is invalid.'] });
      if (await repo.subTopicNameTaken(body.subject_id, body.name))
        throw unprocessable({ name: ['This subject already has a sub topic with this name.'] });
      return repo.insertSubTopic({
        ...body,
        position: await repo.nextPosition('sub_topics', { column: 'subject_id', id: body.subject_id }),
      });
    },
    async updateSubTopic(id: number, body: { subject_id: number; name: string }) {
      if (!(await repo.findSubTopic(id))) throw notFound('That sub topic does not exist.');
      if (!(await repo.findSubject(body.subject_id)))
        throw unprocessable({ subject_id: ['The selected subject is invalid.'] });
      if (await repo.subTopicNameTaken(body.subject_id, body.name, id))
        throw unprocessable({ name: ['This subject already has a sub topic with this name.'] });
      await repo.updateSubTopic(id, body);
    },
    async deleteSubTopic(id: number) {
      if (!(await repo.findSubTopic(id))) throw notFound('That sub topic does not exist.');
      await refuseIfUsed('sub_topic', id, 'sub topic');
      await repo.deleteSubTopic(id);
    },

    async createMicroTopic(body: {
      sub_topic_id: number;
      name: string;
      description: string;
      prerequisite_ids: number[];
    }) {
      if (!(await repo.findSubTopic(body.sub_topic_id)))
        throw unprocessable({ sub_topic_id: ['The selected sub topic is invalid.'] });
      if (await repo.nameTaken('micro_topics', body.name))
        throw unprocessable({ name: ['A micro topic with this name already exists.'] });
      const prerequisites = [...new Set(body.prerequisite_ids)];
      await checkPrerequisites(null, prerequisites);
      return repo.transaction(async (trx) => {
        const id = await trx.insertMicroTopic({
          sub_topic_id: body.sub_topic_id,
          name: body.name,
          description: body.description,
          position: await trx.nextPosition('micro_topics', { column: 'sub_topic_id', id: body.sub_topic_id }),
        });
        await trx.setPrerequisites(id, prerequisites);
        return id;
      });
    },
    async updateMicroTopic(
      id: number,
      body: { sub_topic_id: number; name: string; description: string; prerequisite_ids: number[] },
    ) {
      if (!(await repo.findMicroTopic(id))) throw notFound('That micro topic does not exist.');
      if (!(await repo.findSubTopic(body.sub_topic_id)))
        throw unprocessable({ sub_topic_id: ['The selected sub topic is invalid.'] });
      if (await repo.nameTaken('micro_topics', body.name, id))
        throw unprocessable({ name: ['A micro topic with this name already exists.'] });
      const prerequisites = [...new Set(body.prerequisite_ids)];
      await checkPrerequisites(id, prerequisites);
      await repo.transaction(async (trx) => {
        await trx.updateMicroTopic(id, {
          sub_topic_id: body.sub_topic_id,
          name: body.name,
          description: body.description,
        });
        await trx.setPrerequisites(id, prerequisites);
      });
    },
    async deleteMicroTopic(id: number) {
      if (!(await repo.findMicroTopic(id))) throw notFound('That micro topic does not exist.');
      await refuseIfUsed('micro_topic', id, 'micro topic');
      await repo.deleteMicroTopic(id);
    },

    /** The ids must be exactly the siblings being reordered. */
    async reorder(level: Level, ids: number[]) {
      const table = level === 'subject' ? 'subjects' : level === 'sub_topic' ? 'sub_topics' : 'micro_topics';
      const rows =
        level === 'subject'
          ? await repo.subjects()
          : level === 'sub_topic'
            ? await repo.subTopics()
            : await repo.microTopics();
      const first = rows.find((r) => r.id === ids[0]);
      if (!first) throw unprocessable({ ids: ['Unknown id.'] });
      const parentOf = (r: (typeof rows)[number]) =>
        'subject_id' in r ? r.subject_id : 'sub_topic_id' in r ? r.sub_topic_id : 0;
      const siblings = rows.filter((r) => parentOf(r) === parentOf(first)).map((r) => r.id);
      if (
        ids.length !== siblings.length ||
        new Set(ids).size !== ids.length ||
        !ids.every((i) => siblings.includes(i))
      ) {
        throw unprocessable({ ids: ['Send every item of one level under one parent, each once.'] });
      }
      await repo.transaction((trx) => trx.setPositions(table, ids));
    },
  };
}
export type KnowledgeGraphService = ReturnType<typeof createKnowledgeGraphService>;
