import { Link, useNavigate } from 'react-router-dom';
import type { MyAssessment } from '../../../../shared/contracts/assessments.ts';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { startConfirmText } from '../assessment-state.ts';

/**
 * Starts (or retakes) an assessment the way every screen does: a timed one asks first, because its clock
 * runs from the first second, and says what is at stake (attempts left, when answers come).
 */
export function StartButton({
  item,
  label,
  secondary = false,
}: {
  item: MyAssessment;
  label: string;
  secondary?: boolean;
}) {
  const navigate = useNavigate();
  const className = secondary ? 'button button--secondary' : 'button';
  if (item.time_limit_minutes === null) {
    return (
      <Link className={className} to={PATHS.quiz(item.id)}>
        {label}
      </Link>
    );
  }
  const start = async () => {
    if (await confirmDialog(startConfirmText(item))) navigate(PATHS.quiz(item.id));
  };
  return (
    <button type="button" className={className} onClick={() => void start()}>
      {label}
    </button>
  );
}
