import { Link, useNavigate } from 'react-router-dom';
import type { MyAssessment } from '../../../../shared/contracts/assessments.ts';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { startConfirmText } from '../assessment-state.ts';
import { confirmedState, stakesText } from '../start-stakes.ts';

/**
 * Starts (or retakes) an assessment the way every screen does: a timed one asks first, because its clock
 * runs from the first second, and says what is at stake (questions, minutes, which attempt, when answers
 * come, how many quizzes of a `queue` follow). The quiz screen is told the student agreed, so it does not
 * ask again; reached any other way, it asks itself.
 */
export function StartButton({
  item,
  label,
  secondary = false,
  queue = [],
}: {
  item: MyAssessment;
  label: string;
  secondary?: boolean;
  /** Quizzes that run after this one (the learning pathway's queue). */
  queue?: readonly number[];
}) {
  const navigate = useNavigate();
  const className = secondary ? 'button button--secondary' : 'button';
  const to = PATHS.quiz(item.id, queue.length ? queue.join(',') : undefined);
  if (item.time_limit_minutes === null) {
    return (
      <Link className={className} to={to}>
        {label}
      </Link>
    );
  }
  const start = async () => {
    const text = `${stakesText(item, queue.length)}. ${startConfirmText(item)}`;
    if (await confirmDialog(text)) navigate(to, { state: confirmedState(item.id) });
  };
  return (
    <button type="button" className={className} onClick={() => void start()}>
      {label}
    </button>
  );
}
