import { useNavigate } from 'react-router-dom';
import type { MyAssessment } from '../../../../shared/contracts/assessments.ts';
import { PATHS } from '../../../shell/paths.ts';
import { PageTitle } from '../../../shell/page-title.tsx';
import { startRulesText } from '../assessment-state.ts';
import { stakesText, startLabel } from '../start-stakes.ts';

/**
 * The question before a timed attempt starts, on the quiz screen itself: what is at stake (questions, time,
 * which attempt, how many quizzes follow) and a button named after what it starts. "Not now" leaves with
 * nothing started.
 */
export function StartCard({
  item,
  following,
  onStart,
}: {
  item: MyAssessment;
  following: number;
  onStart: () => void;
}) {
  const navigate = useNavigate();
  const leave = () => {
    // Back where the student came from; opened directly, to the list of its kind.
    if (window.history.length > 1) navigate(-1);
    else navigate(item.kind === 'exam' ? PATHS.exams : PATHS.quizzes);
  };
  return (
    <div className="screen quiz-start">
      <PageTitle>{item.title}</PageTitle>
      <section className="card card--accent quiz-start__card" aria-labelledby="quiz-start-title">
        <h2 id="quiz-start-title" className="card__title">
          Ready to start?
        </h2>
        <p className="quiz-start__stakes">{stakesText(item, following)}</p>
        <p>{startRulesText(item)}</p>
        <div className="quiz-start__actions">
          <button type="button" className="button" onClick={onStart}>
            {startLabel(item, item.attempts_used > 0)}
          </button>
          <button type="button" className="button button--secondary" onClick={leave}>
            Not now
          </button>
        </div>
      </section>
    </div>
  );
}
