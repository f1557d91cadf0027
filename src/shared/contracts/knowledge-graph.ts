import { z } from 'zod';
import { visibleText } from './visible-text.ts';

const id = z.number().int().positive().max(2_147_483_647);
const name = visibleText('The name must be at least 2 characters.', 2).max(200);
const description = z.string().trim().max(2000).default('');

export const microTopicSchema = z.object({
  id: z.number(),
  sub_topic_id: z.number(),
  name: z.string(),
  description: z.string(),
  position: z.number(),
  prerequisite_ids: z.array(z.number()),
  question_count: z.number(),
});
export type MicroTopic = z.infer<typeof microTopicSchema>;
export const subTopicSchema = z.object({
  id: z.number(),
  subject_id: z.number(),
  name: z.string(),
  position: z.number(),
  micro_topics: z.array(microTopicSchema),
});
export type SubTopic = z.infer<typeof subTopicSchema>;
export const subjectSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  position: z.number(),
  sub_topics: z.array(subTopicSchema),
});
export type Subject = z.infer<typeof subjectSchema>;
/** The whole graph in teaching order: subjects > sub topics > micro topics, with prerequisite edges. */
export const knowledgeGraphSchema = z.object({ subjects: z.array(subjectSchema) });
export type KnowledgeGraph = z.infer<typeof knowledgeGraphSchema>;

export const subjectBodySchema = z.strictObject({ name, description });
export const subTopicBodySchema = z.strictObject({ subject_id: id, name });
export const microTopicBodySchema = z.strictObject({
  sub_topic_id: id,
  name,
  description,
  prerequisite_ids: z.array(id).max(50).default([]),
});
export type SubjectBody = z.input<typeof subjectBodySchema>;
export type SubTopicBody = z.input<typeof subTopicBodySchema>;
export type MicroTopicBody = z.input<typeof microTopicBodySchema>;

export const reorderBodySchema = z.strictObject({
  level: z.enum(['subject', 'sub_topic', 'micro_topic']),
  /** The ids of one parent's children (or all subjects) in their new order. */
  ids: z.array(id).min(1).max(500),
});
export type ReorderBody = z.input<typeof reorderBodySchema>;

export { KG_PATHS } from '../api-paths.ts';
