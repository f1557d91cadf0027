import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import type { DiagnosticResults } from '../../../../shared/contracts/attempts.ts';
import { usePageReady } from '../../../app/page-load.tsx';
import { PATHS } from '../../../app/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { useLoad } from '../../../lib/use-async.ts';
import { formatDate, percentOf } from '../../quiz/format.ts';
import { fetchDiagnosticResults } from '../../quiz/quiz.api.ts';
import '../../quiz/quiz.css';

type SubjectResult = DiagnosticResults['subjects'][number];

function Bar({ label, percent }: { label: string; percent: number }) {
  return (
    <div className="meter">
      <meter min={0} max={100} low={50} high={80} optimum={100} value={percent} aria-label={label} />
      <span>{percent}%</span>
    </div>
  );
}

function SubjectCard({ subject }: { subject: SubjectResult }) {
  const headingId = `diagnostic-subject-${subject.subject_id}`;
  const percent = percentOf(subject.correct, subject.total);
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId} className="card__title">
        {subject.subject_name}
      </h2>
      <Bar label={`${subject.subject_name}: ${percent}%`} percent={percent} />
      <p>
        {subject.correct} of {subject.total} correct
      </p>
      {/* Focusable, so that a keyboard can scroll the table when it is wider than a phone (WCAG 2.1.1). */}
      <div
        className="table-scroll"
        role="region"
        tabIndex={0}
        aria-label={`${subject.subject_name} per micro topic`}
      >
        <table className="data-table">
          <caption className="visually-hidden">{subject.subject_name} per micro topic</caption>
          <thead>
            <tr>
              <th scope="col">Micro topic</th>
              <th scope="col" className="data-table__number">
                Correct
              </th>
              <th scope="col" className="data-table__number">
                Percent
              </th>
            </tr>
          </thead>
          <tbody>
            {subject.micro_topics.map((topic) => (
              <tr key={topic.micro_topic_id}>
                <th scope="row">{topic.micro_topic_name}</th>
                <td className="data-table__number">
                  {topic.correct} of {topic.total}
                </td>
                <td className="data-table__number">{percentOf(topic.correct, topic.total)}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default function DiagnosticResultsScreen() {
  const load = useCallback((signal: AbortSignal) => fetchDiagnosticResults(signal), []);
  const { data, loading, error } = useLoad(load);
  usePageReady({ loading: loading && !data, error });
  if (!data) return null;
  if (data.attempt_id === null) {
    return (
      <EmptyState
        title="No diagnostic results yet"
        text="Take the diagnostic to see what you already know, subject by subject."
      >
        <Link className="button" to={PATHS.start}>
          Take the diagnostic
        </Link>
      </EmptyState>
    );
  }
  return (
    <div className="screen diagnostic-results">
      <h1 className="page-title">Diagnostic results</h1>
      <p>
        Taken {formatDate(data.submitted_at)}. Overall score: <strong>{data.percent ?? 0}%</strong>.
      </p>
      {data.subjects.map((subject) => (
        <SubjectCard key={subject.subject_id} subject={subject} />
      ))}
      <nav className="result__links" aria-label="More about the diagnostic">
        <Link className="button" to={PATHS.quizAnalysis(data.attempt_id)}>
          See every question
        </Link>
        <Link className="button button--secondary" to={PATHS.dashboard}>
          Go to the dashboard
        </Link>
      </nav>
    </div>
  );
}
