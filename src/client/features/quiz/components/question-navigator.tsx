import type { StudentQuestion } from '../../../../shared/contracts/attempts.ts';
import { isAnswered } from '../attempt-view.ts';
import type { AnswerMap } from '../attempt-view.ts';

interface QuestionState {
  answered: boolean;
  flagged: boolean;
  waiting: boolean;
  current: boolean;
}

function describe(number: number, { answered, flagged, waiting, current }: QuestionState): string {
  return [
    `Question ${number}`,
    answered ? 'answered' : 'not answered',
    flagged ? 'flagged for review' : null,
    waiting ? 'waiting to sync' : null,
    current ? 'current' : null,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * Every question as a numbered button: answered, unanswered, flagged, waiting to sync and the current one
 * told apart by shape and marks as well as colour.
 */
export function QuestionNavigator({
  questions,
  answers,
  waiting,
  position,
  onGo,
}: {
  questions: readonly StudentQuestion[];
  answers: AnswerMap;
  /** Questions whose latest answer is still on this device only (in the outbox). */
  waiting: ReadonlySet<number>;
  position: number;
  onGo: (index: number) => void;
}) {
  return (
    <nav className="navigator" aria-label="Question navigator">
      <ol className="navigator__list">
        {questions.map((question, index) => {
          const saved = answers[question.id];
          const state: QuestionState = {
            answered: isAnswered(saved),
            flagged: saved?.flagged === true,
            waiting: waiting.has(question.id),
            current: index === position,
          };
          const classes = [
            'navigator__item',
            state.answered ? 'navigator__item--answered' : '',
            state.flagged ? 'navigator__item--flagged' : '',
            state.waiting ? 'navigator__item--waiting' : '',
            state.current ? 'navigator__item--current' : '',
          ]
            .filter(Boolean)
            .join(' ');
          return (
            <li key={question.id}>
              <button
                type="button"
                className={classes}
                aria-label={describe(index + 1, state)}
                aria-current={state.current ? 'step' : undefined}
                onClick={() => onGo(index)}
              >
                {index + 1}
                {state.flagged && (
                  <span className="navigator__flag" aria-hidden="true">
                    ⚑
                  </span>
                )}
                {state.waiting && (
                  <span className="navigator__waiting" aria-hidden="true">
                    ↻
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
          <span className="navigator__mark">↻</span> Waiting to sync
        </li>
        <li>
          <span className="navigator__swatch navigator__item--current" /> Current
        </li>
      </ul>
    </nav>
  );
}
