import { DAILY_DAYS } from '../../../../shared/constants.ts';
import type { DailyEntry } from '../../../../shared/contracts/learning.ts';
import { formatShortDay } from '../mastery-format.ts';

const DAY_MS = 86_400_000;

/** The last DAILY_DAYS days (UTC), oldest first, with the student's figures or zeros. */
export function lastDays(entries: readonly DailyEntry[], today: string): DailyEntry[] {
  const byDay = new Map(entries.map((e) => [e.day, e]));
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: DAILY_DAYS }, (_, i) => {
    const day = new Date(end - (DAILY_DAYS - 1 - i) * DAY_MS).toISOString().slice(0, 10);
    return (
      byDay.get(day) ?? { day, questions_answered: 0, questions_marked: 0, correct: 0, minutes_active: 0 }
    );
  });
}

/**
 * Questions answered per day over two weeks, as columns; the right ones (where their marks are out) are the
 * darker part. The sentence under it gives the totals in words.
 */
export function DailyChart({ entries, today }: { entries: readonly DailyEntry[]; today: string }) {
  const days = lastDays(entries, today);
  const top = Math.max(1, ...days.map((d) => d.questions_answered));
  const answered = days.reduce((n, d) => n + d.questions_answered, 0);
  const marked = days.reduce((n, d) => n + d.questions_marked, 0);
  const correct = days.reduce((n, d) => n + d.correct, 0);
  const minutes = days.reduce((n, d) => n + d.minutes_active, 0);
  const activeDays = days.filter((d) => d.questions_answered > 0).length;
  return (
    <figure className="daily-chart">
      <div className="daily-chart__columns" aria-hidden="true">
        {days.map((d) => (
          <span
            key={d.day}
            className="daily-chart__day"
            title={`${formatShortDay(d.day)}: ${d.questions_answered}`}
          >
            <span
              className="daily-chart__bar"
              style={{ blockSize: `${(d.questions_answered / top) * 100}%` }}
            >
              <span
                className="daily-chart__right"
                style={{
                  blockSize: d.questions_answered ? `${(d.correct / d.questions_answered) * 100}%` : 0,
                }}
              />
            </span>
          </span>
        ))}
      </div>
      <figcaption>
        {answered === 0
          ? 'No questions answered in the last two weeks.'
          : `Last two weeks: ${answered} ${answered === 1 ? 'question' : 'questions'} on ${activeDays} ${
              activeDays === 1 ? 'day' : 'days'
            }, about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}${
              marked > 0 ? `, ${Math.round((correct / marked) * 100)}% right` : ''
            }.`}
      </figcaption>
    </figure>
  );
}
