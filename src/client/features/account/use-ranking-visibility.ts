import { useCallback } from 'react';
import { useAction, useLoad } from '../../lib/use-async.ts';
import { fetchRankingVisibility, saveRankingVisibility } from './ranking-visibility.api.ts';

/** Whether the student appears in rankings, and the action that changes it. Nothing to load for staff. */
export function useRankingVisibility(isStudent: boolean) {
  const load = useCallback((signal: AbortSignal) => fetchRankingVisibility(signal), []);
  const state = useLoad(isStudent ? load : null);
  const save = useAction(saveRankingVisibility);
  return { state, save };
}
