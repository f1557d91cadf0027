import { rankingVisibilitySchema, REPORT_PATHS } from '../../../shared/contracts/reports.ts';
import { getJson, putJson } from '../../lib/http.ts';

export const fetchRankingVisibility = (signal?: AbortSignal) =>
  getJson(REPORT_PATHS.myVisibility, { signal, schema: rankingVisibilitySchema, cache: false });

export const saveRankingVisibility = (visible: boolean) =>
  putJson(REPORT_PATHS.myVisibility, { visible }, { schema: rankingVisibilitySchema });
