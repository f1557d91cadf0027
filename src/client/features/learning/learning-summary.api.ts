import { LEARNING_PATHS } from '../../../shared/api-paths.ts';
import type { LearningSummary } from '../../../shared/contracts/learning.ts';
import { getJson } from '../../lib/http.ts';
import { arrayOf, expectShape, isNumber, isString, nullable, objectOf, oneOf } from '../../lib/shape.ts';

// The dashboard's learning card reads this on the first screen, so it is checked without zod: the same shape
// as the contract's learningSummarySchema (tests/client/learning/learning-summary-shape.test.ts).
const pathwayStep = objectOf({
  micro_topic_id: isNumber,
  name: isString,
  sub_topic_name: isString,
  subject_name: isString,
  mastery: isNumber,
  level: oneOf('mastered', 'not_sure', 'not_mastered', 'unknown'),
  quiz: nullable(objectOf({ id: isNumber, title: isString })),
  materials: arrayOf(
    objectOf({ kind: oneOf('lecture', 'video', 'resource'), id: isNumber, title: isString }),
  ),
});
const dailyEntry = objectOf({
  day: isString,
  questions_answered: isNumber,
  questions_marked: isNumber,
  correct: isNumber,
  minutes_active: isNumber,
});
export const isLearningSummary = objectOf({
  mastered: isNumber,
  total: isNumber,
  next: arrayOf(pathwayStep),
  ready_count: isNumber,
  rechecks_due: isNumber,
  daily: arrayOf(dailyEntry),
});

/** Not cached for five minutes (learning.api.ts says why). */
export async function fetchMySummary(signal: AbortSignal): Promise<LearningSummary> {
  const body = await getJson<unknown>(LEARNING_PATHS.mySummary, { signal, cache: false });
  return expectShape<LearningSummary>(body, isLearningSummary, 'the learning summary');
}
