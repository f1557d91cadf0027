import type { AttemptResult } from '../../../../shared/contracts/attempts.ts';
import { formatDate } from '../../../lib/format.ts';
import { CardSection } from '../../../components/card-section.tsx';
import { formatDuration } from '../timer.ts';
import { ScoreRing } from './score-ring.tsx';
import { TopicBars } from './topic-bars.tsx';
import '../../../components/styles/result.css';

/** The score as a ring, pass or fail against the pass mark, time taken, and a bar per micro topic. */
export function ResultSummary({ result }: { result: AttemptResult }) {
  const graded = (result.kind === 'quiz' || result.kind === 'exam') && result.pass_mark !== null;
  const ringLabel = [
    `Score ${result.percent}%, ${result.score} of ${result.max_score}`,
    graded ? `pass mark ${result.pass_mark}%` : null,
  ]
    .filter(Boolean)
    .join('; ');
  return (
    <>
      <CardSection titleId="result-figures" title="Your result">
        <div className="result__overview">
          <ScoreRing
            percent={result.percent}
            label={ringLabel}
            caption={`${result.score} of ${result.max_score}`}
            mark={graded ? result.pass_mark : null}
          />
          <dl className="result__figures">
            <div className="result__figure">
              <dt>Score</dt>
              <dd>
                {result.score} / {result.max_score}
              </dd>
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
        </div>
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
      </CardSection>
      {result.per_micro_topic.length > 0 && (
        <CardSection titleId="result-topics" title="By topic">
          <TopicBars topics={result.per_micro_topic} label="Result per topic" />
        </CardSection>
      )}
    </>
  );
}
