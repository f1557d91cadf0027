import { dashboardSchema, REPORT_PATHS } from '../../../shared/contracts/reports.ts';
import { getJson } from '../../lib/http.ts';

/** The whole dashboard in one call; counts move with every submit, so never from the 5-minute cache. */
export const fetchAdminDashboard = (signal?: AbortSignal) =>
  getJson(REPORT_PATHS.dashboard, { signal, schema: dashboardSchema, cache: false });
