import { useCallback, useMemo } from 'react';
import type { AdminSchool } from '../../../shared/contracts/admin-schools.ts';
import type { Assessment, AssessmentKind, StaffAttempt } from '../../../shared/contracts/assessments.ts';
import type { Question } from '../../../shared/contracts/questions.ts';
import { useLoad } from '../../lib/use-async.ts';
import type { LoadState } from '../../lib/use-async.ts';
import {
  fetchAssessment,
  fetchAssessmentAttempts,
  fetchAssessmentPreview,
  fetchAssessments,
  fetchTargetSchools,
} from './assessments.api.ts';
import type { AssessmentPage } from './assessments.api.ts';

export const ASSESSMENTS_PER_PAGE = 20;

export function useAssessmentPage(
  kind: AssessmentKind,
  page: number,
  search: string | undefined,
): LoadState<AssessmentPage> {
  const load = useCallback(
    (signal: AbortSignal) =>
      fetchAssessments({ kind, page, perPage: ASSESSMENTS_PER_PAGE, search: search || undefined }, signal),
    [kind, page, search],
  );
  return useLoad(load);
}

export type EditableAssessment = { assessment: Assessment; questions: Question[] };

/** The assessment and, for a fixed selection, its questions in order (to show what was chosen). */
export function useEditableAssessment(id: string | undefined): LoadState<EditableAssessment> {
  const load = useMemo(
    () =>
      id === undefined
        ? null
        : async (signal: AbortSignal) => {
            const assessment = await fetchAssessment(id, signal);
            const questions =
              assessment.selection === 'fixed' && assessment.question_ids.length
                ? await fetchAssessmentPreview(id, signal)
                : [];
            return { assessment, questions };
          },
    [id],
  );
  return useLoad(load);
}

export function useAssessmentPreview(id: number | null): LoadState<Question[]> {
  const load = useMemo(
    () => (id === null ? null : (signal: AbortSignal) => fetchAssessmentPreview(id, signal)),
    [id],
  );
  return useLoad(load);
}

export function useAssessmentAttempts(id: number): LoadState<StaffAttempt[]> {
  const load = useCallback((signal: AbortSignal) => fetchAssessmentAttempts(id, signal), [id]);
  return useLoad(load);
}

export function useTargetSchools(): LoadState<AdminSchool[]> {
  const load = useCallback((signal: AbortSignal) => fetchTargetSchools(signal), []);
  return useLoad(load);
}
