import type { StudentQuestion } from '../../../../shared/contracts/attempts.ts';
import { isAnswered } from '../attempt-view.ts';
import type { AnswerMap } from '../attempt-view.ts';

function describe(number: number, answered: boolean, flagged: boolean, current: boolean): string {
  return [
    `Question ${number}`,
    answered ? 'answered' : 'not answered',
    flagged ? 'flagged for review' : null,
    current ? 'current' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/** Every question as a numbered button: answered, unanswered, flagged and the current one told apart. */
export function QuestionNavigator({
  questions,
  answers,
  position,
  onGo,
}: {
  questions: readonly StudentQuestion[];
  answers: AnswerMap;
  position: number;
  onGo: (index: number) => void;
}) {
  return (
    <nav className="navigator" aria-label="Question navigator">
      <ol className="navigator__list">
        {questions.map((question, index) => {
          const saved = answers[question.id];
          const answered = isAnswered(saved);
          const flagged = saved?.flagged === true;
          const current = index === position;
          const classes = [
            'navigator__item',
            answered ? 'navigator__item--answered' : '',
            flagged ? 'navigator__item--flagged' : '',
            current ? 'navigator__item--current' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <li key={question.id}>
              <button
                type="button"
                className={classes}
                aria-label={describe(index + 1, answered, flagged, current)}
                aria-current={current ? 'step' : undefined}
                onClick={() => onGo(index)}
              >
                {index + 1}
                {flagged && (
                  <span className="navigator__flag" aria-hidden="true">
                    ⚑
                  </span>
                )}
              </button>
            </li>
          );
        })}
      </ol>
      <ul className="navigator__legend" aria-hidden="true">
        <li>
          <span className="navigator__swatch navigator__item--answered" /> Answered
        </li>
        <li>
          <span className="navigator__swatch" /> Not answered
        </li>
        <li>
          <span className="navigator__swatch navigator__item--flagged" /> Flagged
        </li>
        <li>
          <span className="navigator__swatch navigator__item--current" /> Current
        </li>
      </ul>
    </nav>
  );
}
