import { useCallback } from 'react';
import type { AssessmentKind } from '../../../shared/contracts/assessments.ts';
import type { AttemptResult } from '../../../shared/contracts/attempts.ts';
import { useLoad } from '../../lib/use-async.ts';
import { useAuth } from '../../shell/session.ts';
import type { StudentAssessment } from './assessment-state.ts';
import { mergeLocalAttempts } from './local-attempts.ts';
import { fetchMyAssessments } from './quiz.api.ts';

/**
 * The assessment a result belongs to, as the student's list sees it now (attempts left, in progress on this
 * device), so the result can offer a retry through the same start as the lists. Found by its id, or for the
 * diagnostic by its latest attempt. Test Yourself has none.
 */
export function useRetryTarget(
  kind: AttemptResult['kind'],
  which: { assessmentId?: number | null; attemptId?: string | null },
) {
  const userId = useAuth().user?.id ?? null;
  const { assessmentId = null, attemptId = null } = which;
  const load = useCallback(
    async (signal: AbortSignal): Promise<StudentAssessment | null> => {
      const items = await mergeLocalAttempts(
        userId,
        await fetchMyAssessments(kind as AssessmentKind, signal),
      );
      return (
        items.find((a) =>
          assessmentId !== null ? a.id === assessmentId : a.last_attempt_id === attemptId,
        ) ?? null
      );
    },
    [kind, userId, assessmentId, attemptId],
  );
  const none = kind === 'practice' || (assessmentId === null && attemptId === null);
  // A list that cannot be read only hides the retry: the result itself is what the screen is for.
  return useLoad(none ? null : load).data ?? null;
}
