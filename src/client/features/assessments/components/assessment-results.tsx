import { Link } from 'react-router-dom';
import type { StaffAttempt } from '../../../../shared/contracts/assessments.ts';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Loading } from '../../../components/loading.tsx';
import { useAssessmentAttempts } from '../use-assessments.ts';

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

function Note({ attempt }: { attempt: StaffAttempt }) {
  if (attempt.used_offline_grace)
    return (
      <span className="badge badge--warning">
        {attempt.late_answers > 0
          ? `Offline grace: ${attempt.late_answers} late answer${attempt.late_answers === 1 ? '' : 's'}`
          : 'Offline grace: submitted late'}
      </span>
    );
  if (attempt.auto_submitted) return <span className="badge">Submitted when time ran out</span>;
  return null;
}

/** Who took it, how they did, and whose answers arrived late under the offline grace. */
export function AssessmentResults({ id }: { id: number }) {
  const attempts = useAssessmentAttempts(id);
  if (attempts.error) return <p className="field__errors">The results could not be loaded.</p>;
  if (!attempts.data) return <Loading />;
  if (!attempts.data.length)
    return <EmptyState title="No attempts yet" text="Results appear here as students take it." />;
  return (
    // Focusable, so that a keyboard can scroll the table when it is wider than the screen (WCAG 2.1.1).
    <section className="card table-scroll" tabIndex={0} aria-label="Attempts">
      <table className="data-table">
        <caption>Attempts ({attempts.data.length})</caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            <th scope="col">School</th>
            <th scope="col">Started</th>
            <th scope="col">Submitted</th>
            <th scope="col" className="data-table__number">
              Score
            </th>
            <th scope="col">Last synced</th>
            <th scope="col">Note</th>
          </tr>
        </thead>
        <tbody>
          {attempts.data.map((a) => (
            <tr key={a.id}>
              <th scope="row">{a.student_name}</th>
              <td>{a.school_name ?? '—'}</td>
              <td>{when(a.started_at)}</td>
              <td>{a.status === 'submitted' ? when(a.submitted_at) : 'In progress'}</td>
              <td className="data-table__number">
                {a.status === 'submitted' ? (
                  <Link to={PATHS.quizResult(a.id)}>
                    {a.score} / {a.max_score} ({a.percent}%)
                  </Link>
                ) : (
                  '—'
                )}
              </td>
              <td>{when(a.student_last_synced_at)}</td>
              <td>
                <Note attempt={a} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
