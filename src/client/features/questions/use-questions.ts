import { useCallback } from 'react';
import type { Question } from '../../../shared/contracts/questions.ts';
import { useLoad } from '../../lib/use-async.ts';
import type { LoadState } from '../../lib/use-async.ts';
import { fetchQuestion, fetchQuestions } from './questions.api.ts';
import type { QuestionFilters, QuestionPage } from './questions.api.ts';

export const QUESTIONS_PER_PAGE = 20;

/** One page of the bank; refetches when the filters (compared by value) or the page change. */
export function useQuestionPage(filters: QuestionFilters, page: number): LoadState<QuestionPage> {
  // By value: a filters object rebuilt on every render must not refetch.
  const key = JSON.stringify(filters);
  const load = useCallback(
    (signal: AbortSignal) =>
      fetchQuestions(JSON.parse(key) as QuestionFilters, page, QUESTIONS_PER_PAGE, signal),
    [key, page],
  );
  return useLoad(load);
}

/** The question being edited; nothing to load for a new one. */
export function useQuestion(id: string | undefined): LoadState<Question> {
  const load = useCallback((signal: AbortSignal) => fetchQuestion(id ?? '', signal), [id]);
  return useLoad(id === undefined ? null : load);
}
