import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { idParamSchema } from '../../../shared/contracts/common.ts';
import { NEEDS_ATTENTION_PATH, needsAttentionSchema } from '../../../shared/contracts/needs-attention.ts';
import { reportFileName } from '../../../shared/report-files.ts';
import {
  activityQuerySchema,
  exportZone,
  activityResponseSchema,
  dashboardSchema,
  inactiveQuerySchema,
  inactiveResponseSchema,
  itemAnalysisQuerySchema,
  itemAnalysisResponseSchema,
  myRankingSchema,
  rankingVisibilitySchema,
  REPORT_PATHS,
  reportAssessmentsResponseSchema,
  schoolRankingQuerySchema,
  schoolRankingResponseSchema,
  studentRankingQuerySchema,
  studentRankingResponseSchema,
} from '../../../shared/contracts/reports.ts';
import {
  ACTIVITY_COLUMNS,
  inactiveColumns,
  ITEM_COLUMNS,
  reportGrid,
  SCHOOL_RANK_COLUMNS,
  STUDENT_RANK_COLUMNS,
} from '../../../shared/report-tables.ts';
import { type Route, STAFF } from '../../plugins/routes.ts';
// The back office's one CSV writer, formula guard included (cells starting = + - @ | tab CR or full-width ＝ ＋ － ＠ get a leading quote).
import { toCsv } from '../../plugins/csv.ts';
import type { ReportsService } from './reports.service.ts';

function csv(reply: FastifyReply, name: string, grid: string[][]): string {
  void reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .header('cache-control', 'no-store');
  return toCsv(grid);
}

/**
 * The admin dashboard and Reports (spec 2.3, 2.7): staff only, a teacher scoped to their schools. Every table
 * has an export taking the same query, so the CSV holds the rows and columns the screen shows.
 */
export function reportsRoutes(route: Route, reports: ReportsService): void {
  route({
    method: 'GET',
    url: REPORT_PATHS.dashboard,
    access: STAFF,
    summary: 'The admin dashboard in one call: counts, 30 days of activity, schools, recent attempts',
    response: dashboardSchema,
    handler: ({ auth }) => reports.dashboard(auth),
  });
  route({
    method: 'GET',
    url: NEEDS_ATTENTION_PATH,
    access: STAFF,
    summary:
      'What needs the caller: requests to join waiting, students quiet for 14 days, the weakest topics (a teacher: their schools)',
    response: needsAttentionSchema,
    handler: ({ auth }) => reports.needsAttention(auth),
  });
  route({
    method: 'GET',
    url: REPORT_PATHS.students,
    access: STAFF,
    summary: 'Students ranked by average score or progress (opted-out students are left out), paged',
    query: studentRankingQuerySchema,
    response: studentRankingResponseSchema,
    handler: ({ auth, query }) => reports.studentRanking(auth, query),
  });
  route({
    method: 'GET',
    url: REPORT_PATHS.studentsCsv,
    access: STAFF,
    summary: 'The whole student ranking of the same filter as CSV (every page)',
    query: studentRankingQuerySchema.extend(exportZone),
    response: z.string(),
    handler: async ({ auth, query, reply }) =>
      csv(
        reply,
        reportFileName('student-ranking', { by: query.sort, search: query.search }),
        reportGrid(STUDENT_RANK_COLUMNS, (await reports.studentRanking(auth, query, true)).data),
      ),
  });
  route({
    method: 'GET',
    url: REPORT_PATHS.schools,
    access: STAFF,
    summary: 'Schools ranked by the average score or progress of their students',
    query: schoolRankingQuerySchema,
    response: schoolRankingResponseSchema,
    handler: ({ auth, query }) => reports.schoolRanking(auth, query.sort),
  });
  route({
    method: 'GET',
    url: REPORT_PATHS.schoolsCsv,
    access: STAFF,
    summary: 'The school ranking as CSV',
    query: schoolRankingQuerySchema.extend(exportZone),
    response: z.string(),
    handler: async ({ auth, query, reply }) =>
      csv(
        reply,
        reportFileName('school-ranking', { by: query.sort }),
        reportGrid(SCHOOL_RANK_COLUMNS, (await reports.schoolRanking(auth, query.sort)).data),
      ),
  });
  route({
    method: 'GET',
    url: REPORT_PATHS.assessments,
    access: STAFF,
    summary: 'Assessments with submitted attempts in scope, for item analysis',
    response: reportAssessmentsResponseSchema,
    handler: ({ auth }) => reports.assessments(auth),
  });
  route({
    method: 'GET',
    url: REPORT_PATHS.items(':id'),
    access: STAFF,
    summary: 'Item analysis of an assessment: facility, point-biserial discrimination, options chosen, flags',
    params: idParamSchema,
    query: itemAnalysisQuerySchema,
    response: itemAnalysisResponseSchema,
    handler: ({ auth, params, query }) => reports.itemAnalysis(auth, params.id, query.school_id),
  });
  route({
    method: 'GET',
    url: REPORT_PATHS.itemsCsv(':id'),
    access: STAFF,
    summary: 'The item analysis as CSV',
    params: idParamSchema,
    query: itemAnalysisQuerySchema.extend(exportZone),
    response: z.string(),
    handler: async ({ auth, params, query, reply }) => {
      const report = await reports.itemAnalysis(auth, params.id, query.school_id);
      return csv(
        reply,
        reportFileName('item-analysis', { of: report.assessment.title }),
        reportGrid(ITEM_COLUMNS, report.data),
      );
    },
  });
  route({
    method: 'GET',
    url: REPORT_PATHS.activity,
    access: STAFF,
    summary: 'Activity per day (newest first): active students, attempts, questions, accuracy, minutes',
    query: activityQuerySchema,
    response: activityResponseSchema,
    handler: ({ auth, query }) => reports.activity(auth, query.days, query.school_id),
  });
  route({
    method: 'GET',
    url: REPORT_PATHS.activityCsv,
    access: STAFF,
    summary: 'Activity per day as CSV',
    query: activityQuerySchema.extend(exportZone),
    response: z.string(),
    handler: async ({ auth, query, reply }) =>
      csv(
        reply,
        reportFileName('activity', { last: `${query.days}-days` }),
        reportGrid(ACTIVITY_COLUMNS, (await reports.activity(auth, query.days, query.school_id)).data),
      ),
  });
  route({
    method: 'GET',
    url: REPORT_PATHS.inactive,
    access: STAFF,
    summary: 'Students with no attempt started for N days (never active first), paged',
    query: inactiveQuerySchema,
    response: inactiveResponseSchema,
    handler: ({ auth, query }) => reports.inactive(auth, query),
  });
  route({
    method: 'GET',
    url: REPORT_PATHS.inactiveCsv,
    access: STAFF,
    summary: 'Every inactive student of the same filter as CSV (every page)',
    query: inactiveQuerySchema.extend(exportZone),
    response: z.string(),
    handler: async ({ auth, query, reply }) =>
      csv(
        reply,
        reportFileName('inactive-students', { for: `${query.days}-days` }),
        reportGrid(inactiveColumns(query.tz), (await reports.inactive(auth, query, true)).data),
      ),
  });

  // The student's side: their own place, and whether they appear in rankings at all.
  route({
    method: 'GET',
    url: REPORT_PATHS.myRanking,
    access: ['student'],
    summary: "The student's relative board among their school's students, by progress",
    response: myRankingSchema,
    handler: ({ auth }) => reports.myRanking(auth),
  });
  route({
    method: 'GET',
    url: REPORT_PATHS.myVisibility,
    access: ['student'],
    summary: 'Whether the student appears in rankings others see',
    response: rankingVisibilitySchema,
    handler: ({ auth }) => reports.visibility(auth),
  });
  route({
    method: 'PUT',
    url: REPORT_PATHS.myVisibility,
    access: ['student'],
    summary: 'Appear in rankings, or leave every ranking others see',
    body: rankingVisibilitySchema,
    response: rankingVisibilitySchema,
    handler: ({ auth, body }) => reports.setVisibility(auth, body.visible),
  });
}
