import { z } from 'zod';
import { isTimeZone } from '../date-text.ts';
import { idTextSchema, listMetaSchema } from './common.ts';
import { itemParametersSchema } from './questions.ts';

// ---------------------------------------------------------------------------------------------------------
// The admin dashboard (/admin) and Reports (/admin/reports): admins see every school, a teacher their own.
// A student sees only their own place on a relative board (/my/ranking), and may leave every ranking.

export const REPORT_PATHS = {
  dashboard: '/admin/dashboard',
  students: '/admin/reports/rankings/students',
  studentsCsv: '/admin/reports/rankings/students/export',
  schools: '/admin/reports/rankings/schools',
  schoolsCsv: '/admin/reports/rankings/schools/export',
  assessments: '/admin/reports/assessments',
  items: (id: number | string) => `/admin/reports/item-analysis/${id}`,
  itemsCsv: (id: number | string) => `/admin/reports/item-analysis/${id}/export`,
  activity: '/admin/reports/activity',
  activityCsv: '/admin/reports/activity/export',
  inactive: '/admin/reports/inactive',
  inactiveCsv: '/admin/reports/inactive/export',
  myRanking: '/my/ranking',
  myVisibility: '/my/ranking/visibility',
} as const;

/** How long the lists may be: a page of a ranking is at most this long. */
export const REPORT_MAX_PER_PAGE = 100;

const pageSchema = z.coerce.number().int().min(1).max(100_000).default(1);
const perPageSchema = z.coerce.number().int().min(1).max(REPORT_MAX_PER_PAGE).default(25);
const schoolFilter = idTextSchema.optional();
const daysSchema = (fallback: number, max: number) =>
  z.coerce.number().int().min(1).max(max).default(fallback);

/**
 * A CSV export takes its table's query and the reader's time zone, so its dates read as on screen. It holds
 * every row of the filter, not the page on screen (`page` and `per_page` are taken and ignored).
 */
export const exportZone = {
  tz: z.string().max(64).refine(isTimeZone, { message: 'Unknown time zone.' }).optional(),
};

export const RANKING_SORTS = ['score', 'progress'] as const;
export type RankingSort = (typeof RANKING_SORTS)[number];

export const studentRankingQuerySchema = z.strictObject({
  page: pageSchema,
  per_page: perPageSchema,
  search: z.string().trim().max(200).optional(),
  school_id: schoolFilter,
  sort: z.enum(RANKING_SORTS, { message: 'Rank by score or progress.' }).default('score'),
});
export type StudentRankingQuery = z.output<typeof studentRankingQuerySchema>;

export const studentRankSchema = z.object({
  rank: z.number(),
  user_id: z.number(),
  full_name: z.string(),
  school_name: z.string().nullable(),
  attempts: z.number(),
  /** Mean percent of the submitted quizzes and exams; null before the first. */
  average_score: z.number().nullable(),
  topics_mastered: z.number(),
  topics_total: z.number(),
  /** Topics mastered of all, in percent. */
  progress: z.number(),
});
export type StudentRank = z.infer<typeof studentRankSchema>;
export const studentRankingResponseSchema = z.object({
  data: z.array(studentRankSchema),
  meta: listMetaSchema,
});

export const schoolRankingQuerySchema = z.strictObject({
  sort: z.enum(RANKING_SORTS, { message: 'Rank by score or progress.' }).default('score'),
});
export const schoolRankSchema = z.object({
  rank: z.number(),
  school_id: z.number(),
  school_name: z.string(),
  students: z.number(),
  attempts: z.number(),
  average_score: z.number().nullable(),
  average_progress: z.number().nullable(),
});
export type SchoolRank = z.infer<typeof schoolRankSchema>;
export const schoolRankingResponseSchema = z.object({ data: z.array(schoolRankSchema) });

export const reportAssessmentSchema = z.object({
  id: z.number(),
  kind: z.string(),
  title: z.string(),
  attempts: z.number(),
});
export type ReportAssessment = z.infer<typeof reportAssessmentSchema>;
export const reportAssessmentsResponseSchema = z.object({ data: z.array(reportAssessmentSchema) });

export const itemAnalysisQuerySchema = z.strictObject({ school_id: schoolFilter });
export const ITEM_FLAGS = ['too_hard', 'too_easy', 'low_discrimination', 'negative', 'distractor'] as const;
export type ItemFlag = (typeof ITEM_FLAGS)[number];
export const itemOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  key: z.boolean(),
  count: z.number(),
});
export const itemRowSchema = z.object({
  position: z.number(),
  question_id: z.number(),
  stem: z.string(),
  type: z.string(),
  answered: z.number(),
  /** Share right, 0–1; null with no answer. */
  facility: z.number().nullable(),
  /** Point-biserial correlation of the item with the attempt's score, −1–1; null when it cannot be told. */
  discrimination: z.number().nullable(),
  /** Choice questions: how often each option was chosen. */
  options: z.array(itemOptionSchema),
  flags: z.array(z.enum(ITEM_FLAGS)),
  /** What the diagnostic and the mastery model assume about the question (fitted, else its type's defaults). */
  parameters: itemParametersSchema,
});
export type ItemRow = z.infer<typeof itemRowSchema>;
export const itemAnalysisResponseSchema = z.object({
  assessment: reportAssessmentSchema,
  data: z.array(itemRowSchema),
});
export type ItemAnalysis = z.infer<typeof itemAnalysisResponseSchema>;

export const activityQuerySchema = z.strictObject({
  days: daysSchema(30, 366),
  school_id: schoolFilter,
});
export const activityDaySchema = z.object({
  day: z.string(),
  active_students: z.number(),
  attempts: z.number(),
  questions_answered: z.number(),
  /** Share right among the answers whose marks are out, in percent; null with none. */
  accuracy: z.number().nullable(),
  minutes_active: z.number(),
});
export type ActivityDay = z.infer<typeof activityDaySchema>;
export const activityResponseSchema = z.object({
  data: z.array(activityDaySchema),
  /** The period as a whole: students in scope, those active on any of its days, the rest (they add up). */
  totals: z.object({ students: z.number(), active: z.number(), inactive: z.number() }),
});
export type Activity = z.infer<typeof activityResponseSchema>;

export const INACTIVE_SORTS = ['-days', 'days', 'name', '-name'] as const;
export const inactiveQuerySchema = z.strictObject({
  page: pageSchema,
  per_page: perPageSchema,
  days: daysSchema(14, 3650),
  school_id: schoolFilter,
  sort: z.enum(INACTIVE_SORTS).default('-days'),
});
export type InactiveQuery = z.output<typeof inactiveQuerySchema>;
export const inactiveStudentSchema = z.object({
  user_id: z.number(),
  full_name: z.string(),
  school_name: z.string().nullable(),
  last_active_at: z.string().nullable(),
  /** Whole days since the last activity; null: never active. */
  days_inactive: z.number().nullable(),
});
export type InactiveStudent = z.infer<typeof inactiveStudentSchema>;
export const inactiveResponseSchema = z.object({
  data: z.array(inactiveStudentSchema),
  meta: listMetaSchema,
});

export const dashboardSchema = z.object({
  counts: z.object({
    students: z.number(),
    active_this_week: z.number(),
    attempts: z.number(),
    average_score: z.number().nullable(),
  }),
  /** The last 30 days, oldest first, every day present. */
  activity: z.array(z.object({ day: z.string(), attempts: z.number(), active_students: z.number() })),
  schools: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      students: z.number(),
      attempts: z.number(),
      average_score: z.number().nullable(),
    }),
  ),
  recent: z.array(
    z.object({
      id: z.string(),
      user_id: z.number(),
      student: z.string(),
      school_name: z.string().nullable(),
      title: z.string(),
      kind: z.string(),
      percent: z.number().nullable(),
      submitted_at: z.string(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

/** The student's relative board: a few places above and below their own, among their school's students. */
export const myRankingSchema = z.object({
  visible: z.boolean(),
  school_name: z.string().nullable(),
  rank: z.number().nullable(),
  total: z.number(),
  rows: z.array(z.object({ rank: z.number(), name: z.string(), progress: z.number(), me: z.boolean() })),
});
export type MyRanking = z.infer<typeof myRankingSchema>;
export const rankingVisibilitySchema = z.strictObject({ visible: z.boolean() });
export type RankingVisibility = z.infer<typeof rankingVisibilitySchema>;
