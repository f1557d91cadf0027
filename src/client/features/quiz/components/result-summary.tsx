import type { AttemptResult } from '../../../../shared/contracts/attempts.ts';
import { formatDate, percentOf } from '../format.ts';
import { formatDuration } from '../timer.ts';

/** Score, percent, pass or fail against the pass mark, time taken, and the result per micro topic. */
export function ResultSummary({ result }: { result: AttemptResult }) {
  const graded = (result.kind === 'quiz' || result.kind === 'exam') && result.pass_mark !== null;
  return (
    <>
      <section className="card" aria-labelledby="result-figures">
        <h2 id="result-figures" className="card__title">
          Your result
        </h2>
        <dl className="result__figures">
          <div className="result__figure">
            <dt>Score</dt>
            <dd>
              {result.score} / {result.max_score}
            </dd>
          </div>
          <div className="result__figure">
            <dt>Percent</dt>
            <dd>{result.percent}%</dd>
          </div>
          {graded && (
            <div className="result__figure">
              <dt>Pass mark {result.pass_mark}%</dt>
              <dd>
                {result.passed ? (
                  <span className="badge badge--success">Passed</span>
                ) : (
                  <span className="badge badge--danger">Not passed</span>
                )}
              </dd>
            </div>
          )}
          <div className="result__figure">
            <dt>Time taken</dt>
            <dd>{formatDuration(result.time_taken_seconds)}</dd>
          </div>
          <div className="result__figure">
            <dt>Submitted</dt>
            <dd>{formatDate(result.submitted_at)}</dd>
          </div>
        </dl>
        {result.auto_submitted && (
          <p className="notice">This attempt was submitted automatically when the time ran out.</p>
        )}
        {result.used_offline_grace && (
          <p className="notice">
            {result.late_answers > 0
              ? `${result.late_answers} answer${result.late_answers === 1 ? '' : 's'} reached the server after the deadline and counted as given offline.`
              : 'This attempt reached the server after the deadline and counted as submitted offline.'}
          </p>
        )}
      </section>
      {result.per_micro_topic.length > 0 && (
        // Focusable, so that a keyboard can scroll the table when it is wider than a phone (WCAG 2.1.1).
        <section className="card table-scroll" tabIndex={0} aria-label="Result per micro topic">
          <table className="data-table">
            <caption>Result per micro topic</caption>
            <thead>
              <tr>
                <th scope="col">Subject</th>
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
              {result.per_micro_topic.map((topic) => (
                <tr key={topic.micro_topic_id}>
                  <td>{topic.subject_name}</td>
                  <th scope="row">{topic.micro_topic_name}</th>
                  <td className="data-table__number">
                    {topic.correct === null
                      ? `${topic.total} question${topic.total === 1 ? '' : 's'}`
                      : `${topic.correct} of ${topic.total}`}
                  </td>
                  <td className="data-table__number">
                    {topic.correct === null ? '—' : `${percentOf(topic.correct, topic.total)}%`}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </>
  );
}
