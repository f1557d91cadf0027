import { useCallback } from 'react';
import type { AssessmentKind } from '../../../shared/contracts/assessments.ts';
import { useLoad } from '../../lib/use-async.ts';
import { fetchMyAssessments } from '../quiz/quiz.api.ts';
// Loaded with every list: writes that waited offline go out when the student is back (lib/outbox.ts).
import '../quiz/quiz-sync.ts';

/** The student's assessments of one kind, each with its state for this student. */
export function useMyAssessments(kind: AssessmentKind) {
  const load = useCallback((signal: AbortSignal) => fetchMyAssessments(kind, signal), [kind]);
  return useLoad(load);
}
