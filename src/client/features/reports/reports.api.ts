import {
  activityResponseSchema,
  inactiveResponseSchema,
  itemAnalysisResponseSchema,
  REPORT_PATHS,
  reportAssessmentsResponseSchema,
  schoolRankingResponseSchema,
  studentRankingResponseSchema,
} from '../../../shared/contracts/reports.ts';
import type { RankingSort } from '../../../shared/contracts/reports.ts';
import { api, getJson, withQuery } from '../../lib/http.ts';
import type { QueryParams } from '../../lib/http.ts';

// Reports are read to act on today: never from the 5-minute cache.
const fresh = { cache: false } as const;

export type StudentRankingQuery = {
  page: number;
  per_page: number;
  sort: RankingSort;
  search?: string;
  school_id?: number;
};
export type InactiveQuery = { page: number; per_page: number; days: number; school_id?: number };

export const fetchStudentRanking = (query: StudentRankingQuery, signal?: AbortSignal) =>
  getJson(REPORT_PATHS.students, { query, signal, schema: studentRankingResponseSchema, ...fresh });

export const fetchSchoolRanking = (sort: RankingSort, signal?: AbortSignal) =>
  getJson(REPORT_PATHS.schools, { query: { sort }, signal, schema: schoolRankingResponseSchema, ...fresh });

export const fetchReportAssessments = (signal?: AbortSignal) =>
  getJson(REPORT_PATHS.assessments, { signal, schema: reportAssessmentsResponseSchema, ...fresh });

export const fetchItemAnalysis = (id: number, schoolId: number | undefined, signal?: AbortSignal) =>
  getJson(REPORT_PATHS.items(id), {
    query: { school_id: schoolId },
    signal,
    schema: itemAnalysisResponseSchema,
    ...fresh,
  });

export const fetchActivity = (days: number, schoolId: number | undefined, signal?: AbortSignal) =>
  getJson(REPORT_PATHS.activity, {
    query: { days, school_id: schoolId },
    signal,
    schema: activityResponseSchema,
    ...fresh,
  });

export const fetchInactive = (query: InactiveQuery, signal?: AbortSignal) =>
  getJson(REPORT_PATHS.inactive, { query, signal, schema: inactiveResponseSchema, ...fresh });

/** A table's CSV: the export route of the same query, so it holds the rows and columns on screen. */
export function fetchReportCsv(path: string, query: QueryParams): Promise<string> {
  return api.url(withQuery(path, query)).options({ cache: 'no-store' }).get().text();
}
