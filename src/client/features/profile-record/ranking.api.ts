import { myRankingSchema, REPORT_PATHS } from '../../../shared/contracts/reports.ts';
import { getJson } from '../../lib/http.ts';

/** The student's place among their schoolmates: a few above and below, nobody else's answers or scores. */
export const fetchMyRanking = (signal?: AbortSignal) =>
  getJson(REPORT_PATHS.myRanking, { signal, schema: myRankingSchema });
