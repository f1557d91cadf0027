import type { TopicMastery } from '../../../shared/contracts/learning.ts';

type Level = TopicMastery['level'];

/**
 * Words for where a student stands: never pass or fail. "Not mastered yet", not "Not yet": the diagnostic
 * results call a topic whose prerequisites are missing "Locked", and one word must not mean both.
 */
export const LEVEL_LABELS: Record<Level, string> = {
  mastered: 'Mastered',
  not_sure: 'Not sure yet',
  not_mastered: 'Not mastered yet',
  unknown: 'Not assessed yet',
};

export const percentOf = (p: number) => `${Math.round(p * 100)}%`;

/** "3 of 12 topics mastered" */
export function masteredText(mastered: number, total: number): string {
  return `${mastered} of ${total} ${total === 1 ? 'topic' : 'topics'} mastered`;
}

// Made on first use, not when the dashboard's code loads: a formatter's first construction is slow on a phone.
let shortDay: Intl.DateTimeFormat | undefined;
let dateTime: Intl.DateTimeFormat | undefined;

/** '2026-11-23' (a UTC day, as the server counts them) → '23 Nov'. */
export const formatShortDay = (day: string) =>
  (shortDay ??= new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  })).format(new Date(`${day}T00:00:00Z`));
export const formatDateTime = (iso: string) =>
  (dateTime ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })).format(
    new Date(iso),
  );
