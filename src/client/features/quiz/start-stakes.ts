import type { MyAssessment } from '../../../shared/contracts/assessments.ts';

// What starting an assessment puts at stake, in one line a student reads before the clock runs:
// "8 questions · 15 minutes · attempt 1 of 3 · 5 more quizzes follow; you can stop after any".

/** Navigation state that says the student has already agreed to start this assessment (the lists' dialog). */
export interface StartState {
  confirmedStart?: number;
}

export const confirmedState = (assessmentId: number): StartState => ({ confirmedStart: assessmentId });

export function isConfirmed(state: unknown, assessmentId: number): boolean {
  return typeof state === 'object' && state !== null && (state as StartState).confirmedStart === assessmentId;
}

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * The student's own time: "20 minutes", or "20 minutes, with your extra time" when an override or their
 * standing multiplier gives them more than the assessment's (the figure is theirs, from the server).
 */
export function myTimeText(
  item: Pick<MyAssessment, 'time_limit_minutes'> & Partial<Pick<MyAssessment, 'extra_time'>>,
) {
  const time = count(item.time_limit_minutes ?? 0, 'minute');
  return item.extra_time ? `${time}, with your extra time` : time;
}

/**
 * The stakes of starting `item` now, as a dot-separated line. `following`: how many more quizzes of a queue
 * come after this one (each asks again before it starts).
 */
export function stakesText(
  item: Pick<MyAssessment, 'question_count' | 'time_limit_minutes' | 'attempts_allowed' | 'attempts_used'> &
    Partial<Pick<MyAssessment, 'extra_time'>>,
  following = 0,
): string {
  return [
    count(item.question_count, 'question'),
    item.time_limit_minutes === null ? 'no time limit' : myTimeText(item),
    item.attempts_allowed === null
      ? 'no limit on attempts'
      : `attempt ${Math.min(item.attempts_used + 1, item.attempts_allowed)} of ${item.attempts_allowed}`,
    following > 0
      ? `${count(following, 'more quiz', 'more quizzes')} ${following === 1 ? 'follows' : 'follow'}; you can stop after any`
      : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** "Start quiz: Attachment basics": the button says what it starts. */
export function startLabel(item: Pick<MyAssessment, 'kind' | 'title'>, retake = false): string {
  return `${retake ? 'Retake' : 'Start'} ${item.kind}: ${item.title}`;
}
