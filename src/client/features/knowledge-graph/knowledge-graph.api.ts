import { z } from 'zod';
import { KG_PATHS, knowledgeGraphSchema } from '../../../shared/contracts/knowledge-graph.ts';
import type {
  KnowledgeGraph,
  MicroTopicBody,
  ReorderBody,
  SubjectBody,
  SubTopicBody,
} from '../../../shared/contracts/knowledge-graph.ts';
import { delJson, postJson, putJson } from '../../lib/http.ts';
import { freshJson } from '../../lib/fresh-get.ts';

const createdSchema = z.object({ id: z.number() });

/** Always from the server: the back office must see its own change (and other admins') at once. */
export function fetchKnowledgeGraph(signal?: AbortSignal): Promise<KnowledgeGraph> {
  return freshJson(KG_PATHS.graph, knowledgeGraphSchema, signal);
}

export async function createSubject(body: SubjectBody): Promise<number> {
  return (await postJson(KG_PATHS.subjects, body, { schema: createdSchema })).id;
}

export async function updateSubject(id: number, body: SubjectBody): Promise<void> {
  await putJson(KG_PATHS.subject(id), body);
}

export async function deleteSubject(id: number): Promise<void> {
  await delJson(KG_PATHS.subject(id));
}

export async function createSubTopic(body: SubTopicBody): Promise<number> {
  return (await postJson(KG_PATHS.subTopics, body, { schema: createdSchema })).id;
}

export async function updateSubTopic(id: number, body: SubTopicBody): Promise<void> {
  await putJson(KG_PATHS.subTopic(id), body);
}

export async function deleteSubTopic(id: number): Promise<void> {
  await delJson(KG_PATHS.subTopic(id));
}

export async function createMicroTopic(body: MicroTopicBody): Promise<number> {
  return (await postJson(KG_PATHS.microTopics, body, { schema: createdSchema })).id;
}

export async function updateMicroTopic(id: number, body: MicroTopicBody): Promise<void> {
  await putJson(KG_PATHS.microTopic(id), body);
}

export async function deleteMicroTopic(id: number): Promise<void> {
  await delJson(KG_PATHS.microTopic(id));
}

export async function reorderSiblings(body: ReorderBody): Promise<void> {
  await putJson(KG_PATHS.reorder, body);
}
