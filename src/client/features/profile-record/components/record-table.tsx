import { Link } from 'react-router-dom';
import type { RecordAttempt } from '../../../../shared/contracts/profile-record.ts';
import { PATHS } from '../../../shell/paths.ts';
import { formatDateTime, groupByMonth, KIND_LABELS, scoreText, statusText } from '../record-format.ts';

/** Where an attempt leads: its result once submitted, otherwise back to where it can be finished. */
function linkOf(a: RecordAttempt): { to: string; label: string } {
  if (a.status === 'submitted') return { to: PATHS.quizResult(a.id), label: 'View result' };
  if (a.assessment_id !== null) return { to: PATHS.quiz(a.assessment_id), label: 'Continue' };
  return { to: PATHS.testYourself, label: 'Continue' };
}

const COLUMNS = ['Date', 'Kind', 'Title', 'Score', 'Status', 'Result'] as const;

/**
 * Every attempt in one table, a group of rows per month. Wide screens and paper get the table (the date
 * column stays in view while it scrolls sideways); narrow screens get one card per attempt (CSS), labelled
 * by each cell's data-label.
 */
export function RecordTable({ attempts }: { attempts: RecordAttempt[] }) {
  return (
    // Focusable, so that a keyboard can scroll the table sideways when it is wider than the screen.
    <div className="record-table__wrap" tabIndex={0} role="region" aria-label="Your attempts">
      <table className="record-table">
        <caption className="visually-hidden">Your attempts, newest first, by month</caption>
        <thead>
          <tr>
            {COLUMNS.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        {groupByMonth(attempts).map((group, i) => (
          <tbody key={`${i}-${group.month}`}>
            <tr className="record-table__month">
              <th scope="colgroup" colSpan={COLUMNS.length}>
                {group.month}
              </th>
            </tr>
            {group.attempts.map((a) => (
              <RecordRow key={a.id} attempt={a} />
            ))}
          </tbody>
        ))}
      </table>
    </div>
  );
}

function RecordRow({ attempt: a }: { attempt: RecordAttempt }) {
  const score = scoreText(a);
  const link = linkOf(a);
  const late = a.status === 'submitted' && a.used_offline_grace;
  return (
    <tr className="record-table__row">
      <th scope="row" data-label="Date">
        <time dateTime={a.started_at}>{formatDateTime(a.started_at)}</time>
      </th>
      <td data-label="Kind">{KIND_LABELS[a.kind]}</td>
      <td data-label="Title" className="record-table__title">
        {a.title}
      </td>
      <td data-label="Score">
        {score ?? (
          <>
            <span aria-hidden="true">—</span>
            <span className="visually-hidden">No score yet</span>
          </>
        )}
      </td>
      <td data-label="Status">
        <span
          className={`badge ${a.status === 'in_progress' ? 'badge--info' : late ? 'badge--warning' : 'badge--success'}`}
        >
          {statusText(a)}
        </span>
      </td>
      <td data-label="Result">
        <Link to={link.to} aria-label={`${link.label}: ${a.title}`}>
          {link.label}
        </Link>
      </td>
    </tr>
  );
}
