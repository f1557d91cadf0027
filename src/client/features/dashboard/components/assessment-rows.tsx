import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { MyAssessment } from '../../../../shared/contracts/assessments.ts';
import { PATHS } from '../../../shell/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { useOnline } from '../../../lib/use-online.ts';
import type { StudentAssessment } from '../../quiz/index.ts';
import { actionsFor, KIND_NAMES, StartButton } from '../../quiz/index.ts';

const kindLabel = (kind: MyAssessment['kind']) =>
  KIND_NAMES[kind].one[0]!.toUpperCase() + KIND_NAMES[kind].one.slice(1);

/**
 * The list's actions (Continue, Start or Retake, Review; offline, the word on what waits), all secondary: on
 * the dashboard the first card holds the one main action, and rows of equal buttons would compete with it.
 */
export function RowActions({ item }: { item: StudentAssessment }) {
  const online = useOnline();
  const { actions, note } = actionsFor(item, { online });
  if (actions.length === 0 && !note) return null;
  return (
    <div className="assessment__actions">
      {note && <span className="assessment__note">{note}</span>}
      {actions.map((action) =>
        action.kind === 'start' ? (
          <StartButton key={action.kind} item={item} label={action.label} secondary />
        ) : (
          <Link
            key={action.kind}
            className="button button--secondary"
            to={action.kind === 'review' ? PATHS.quizResult(action.attemptId) : PATHS.quiz(item.id)}
          >
            {action.label}
          </Link>
        ),
      )}
    </div>
  );
}

/** Assessments as rows: the kind and `detail` under the title, then `actions` (by default RowActions). */
export function AssessmentRows({
  items,
  detail,
  actions = (item) => <RowActions item={item} />,
}: {
  items: readonly StudentAssessment[];
  detail: (item: StudentAssessment) => string;
  actions?: (item: StudentAssessment) => ReactNode;
}) {
  return (
    <ul className="assessment-list">
      {items.map((item) => (
        <li key={item.id} className="assessment dashboard__row">
          <div className="assessment__body">
            <h3 className="assessment__title">{item.title}</h3>
            <p className="assessment__state">
              <span className="badge badge--info">{kindLabel(item.kind)}</span> {detail(item)}
            </p>
          </div>
          {actions(item)}
        </li>
      ))}
    </ul>
  );
}

/** The latest result of one assessment in a line: the score and pass, or for the diagnostic only when. */
export function resultLine(item: StudentAssessment): string {
  if (item.submit_waiting) return 'Submitted on this device, waiting to sync';
  const when = item.last_submitted_at ? formatDate(item.last_submitted_at) : '';
  if (item.kind === 'diagnostic') return when ? `Taken ${when}` : 'Taken';
  const pass = item.last_passed === null ? null : item.last_passed ? 'Passed' : 'Not passed';
  return [item.last_percent !== null ? `${item.last_percent}%` : null, pass, when]
    .filter(Boolean)
    .join(' · ');
}

/** A result's actions: the diagnostic's results have a screen of their own. */
export function resultActions(item: StudentAssessment): ReactNode {
  if (item.kind !== 'diagnostic') return <RowActions item={item} />;
  return (
    <div className="assessment__actions">
      <Link className="button button--secondary" to={PATHS.diagnosticResults}>
        Review
      </Link>
    </div>
  );
}
