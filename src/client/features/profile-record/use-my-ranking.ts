import { useCallback } from 'react';
import { useLoad } from '../../lib/use-async.ts';
import { fetchMyRanking } from './ranking.api.ts';

export function useMyRanking() {
  const load = useCallback((signal: AbortSignal) => fetchMyRanking(signal), []);
  return useLoad(load);
}
