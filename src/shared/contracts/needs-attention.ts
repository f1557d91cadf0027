import { z } from 'zod';

/**
 * The teacher's "Needs attention" on /admin (an admin's: every school): requests to join waiting for a yes,
 * students who have gone quiet, and the topics their students find hardest. Each part says how many in
 * all and lists the first few; the screen links to where each is dealt with.
 */
export const NEEDS_ATTENTION_PATH = '/admin/needs-attention';
/** Quiet for this many days (the Inactive students report, filtered the same, lists them all). */
export const QUIET_DAYS = 14;
/** How many of each part are listed. */
export const NEEDS_ATTENTION_SHOWN = 5;

export const needsAttentionSchema = z.object({
  join_requests: z.object({
    total: z.number(),
    latest: z.array(
      z.object({ id: z.number(), full_name: z.string(), school_name: z.string(), created_at: z.string() }),
    ),
  }),
  inactive: z.object({
    days: z.number(),
    total: z.number(),
    students: z.array(
      z.object({
        user_id: z.number(),
        full_name: z.string(),
        school_name: z.string().nullable(),
        last_active_at: z.string().nullable(),
      }),
    ),
  }),
  /** Lowest average mastery first, among topics some student has answered on and not yet mastered. */
  weak_topics: z.array(
    z.object({
      micro_topic_id: z.number(),
      name: z.string(),
      sub_topic: z.string(),
      /** Students with answers on the topic. */
      students: z.number(),
      /** Of them, not yet mastered. */
      not_mastered: z.number(),
      /** Their mean chance of mastery, 0–100. */
      average_mastery: z.number(),
    }),
  ),
});
export type NeedsAttention = z.infer<typeof needsAttentionSchema>;
