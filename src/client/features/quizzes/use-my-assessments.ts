import { useCallback, useEffect, useRef } from 'react';
import type { AssessmentKind } from '../../../shared/contracts/assessments.ts';
import { useLoad } from '../../lib/use-async.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useAuth } from '../../shell/session.ts';
// With the sync status comes the quiz sync: writes that waited offline go out when the student is back
// (lib/outbox.ts).
import { fetchMyAssessmentsStamped, mergeLocalAttempts, useSyncStatus } from '../quiz/index.ts';

/**
 * Loads again when the list may have changed under it: the device came back online (the list shown may be
 * an old copy), or a submission made offline has just been delivered.
 */
export function useReloadOnSync(reload: () => void): void {
  const online = useOnline();
  const { entries } = useSyncStatus();
  const submissions = entries.filter((e) => e.meta.type === 'submit').length;
  const seen = useRef({ online, submissions });
  useEffect(() => {
    const before = seen.current;
    seen.current = { online, submissions };
    if ((online && !before.online) || submissions < before.submissions) reload();
  }, [online, submissions, reload]);
}

/** The student's assessments of one kind, each with its state for this student (this device's included). */
export function useMyAssessments(kind: AssessmentKind) {
  const userId = useAuth().user?.id ?? null;
  const load = useCallback(
    async (signal: AbortSignal) => {
      const { data, updatedAt } = await fetchMyAssessmentsStamped(kind, signal);
      return { items: await mergeLocalAttempts(userId, data), updatedAt };
    },
    [kind, userId],
  );
  const state = useLoad(load);
  useReloadOnSync(state.reload);
  return { ...state, data: state.data?.items, updatedAt: state.data?.updatedAt ?? state.updatedAt };
}
