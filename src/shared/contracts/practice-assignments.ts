import { z } from 'zod';

/**
 * Staff assign practice from a student's learning profile: the student gets a notification that opens Test
 * Yourself with the chosen topics ticked (`/test-your-self?topics=12,14`, micro topic ids, comma separated).
 */
export const ASSIGN_PRACTICE_PATH = (id: number | string) => `/admin/users/${id}/practice`;
/** Test Yourself's query parameter naming the micro topics to preselect. */
export const PRACTICE_TOPICS_PARAM = 'topics';
export const ASSIGN_PRACTICE_MAX_TOPICS = 10;

export const practiceLink = (topicIds: number[]) =>
  `/test-your-self?${PRACTICE_TOPICS_PARAM}=${topicIds.join(',')}`;

export const assignPracticeSchema = z.strictObject({
  micro_topic_ids: z
    .array(z.number().int().positive().max(2_147_483_647))
    .min(1, 'Choose at least one topic.')
    .max(ASSIGN_PRACTICE_MAX_TOPICS, `Choose at most ${ASSIGN_PRACTICE_MAX_TOPICS} topics.`),
  /** A line from the teacher, shown in the notification. */
  message: z.string().trim().max(300, 'Keep the message under 300 characters.').optional(),
});
export type AssignPractice = z.infer<typeof assignPracticeSchema>;

export const assignPracticeResponseSchema = z.object({
  student: z.object({ id: z.number(), full_name: z.string() }),
  topics: z.array(z.object({ id: z.number(), name: z.string() })),
  link: z.string(),
});
export type AssignPracticeResult = z.infer<typeof assignPracticeResponseSchema>;
