import { useCallback } from 'react';
import { useLoad } from '../../lib/use-async.ts';
import { fetchAdminDashboard } from './admin-dashboard.api.ts';

export function useAdminDashboard() {
  const load = useCallback((signal: AbortSignal) => fetchAdminDashboard(signal), []);
  return useLoad(load);
}
