import { Link } from 'react-router-dom';
import type { Analysis } from '../../../../shared/contracts/attempts.ts';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { RichHtml } from '../../../components/rich-html.tsx';
import { fetchAnalysis } from '../quiz.api.ts';
import { useAttemptReport } from '../use-attempt-report.ts';
import { WaitingForSync } from './quiz-result-screen.tsx';
import '../../../components/styles/quiz.css';
import { PageTitle } from '../../../shell/page-title.tsx';

export type QuizAnalysisScreenProps = { id: string };

type Item = Analysis['items'][number];

function AnalysisItem({ item, number }: { item: Item; number: number }) {
  const headingId = `analysis-question-${number}`;
  return (
    <li className="card analysis__item" aria-labelledby={headingId}>
      <h2 id={headingId} className="question__number">
        Question {number} {item.correct === true && <span className="badge badge--success">Correct</span>}
        {item.correct === false && <span className="badge badge--danger">Incorrect</span>}
      </h2>
      <RichHtml className="question__stem" html={item.question.stem} />
      <dl className="analysis__rows">
        <dt>Your answer</dt>
        <dd>{item.answer ? item.answer_text : 'Not answered'}</dd>
        {item.correct_answer !== null && (
          <>
            <dt>Correct answer</dt>
            <dd>{item.correct_answer}</dd>
          </>
        )}
        {item.held_back && (
          <>
            <dt>Correct answer</dt>
            <dd>
              This question is still used in an assessment that is open or coming up, so its answer is held
              back.
            </dd>
          </>
        )}
        {item.explanation && (
          <>
            <dt>Explanation</dt>
            <dd>
              <RichHtml html={item.explanation} />
            </dd>
          </>
        )}
        <dt>Class average</dt>
        <dd>
          {item.class_percent === null
            ? 'Not enough answers yet'
            : `${item.class_percent}% of the class answered this correctly`}
        </dd>
      </dl>
    </li>
  );
}

export default function QuizAnalysisScreen({ id }: QuizAnalysisScreenProps) {
  const { data, loading, error, updatedAt } = useAttemptReport(id, fetchAnalysis);
  usePageReady({ loading: loading && !data, error });
  if (!data) return null;
  if (data.kind === 'waiting') return <WaitingForSync />;
  if (data.kind === 'missing') {
    return <EmptyState title="No analysis yet" text={data.message} />;
  }
  const analysis = data.value;
  const marked = analysis.items.every((item) => item.correct !== null);
  const correct = analysis.items.filter((item) => item.correct === true).length;
  return (
    <div className="screen analysis">
      <PageTitle>Analysis: {analysis.title}</PageTitle>
      <OfflineStamp updatedAt={updatedAt} />
      {marked && (
        <p>
          {correct} of {analysis.items.length} questions correct.
        </p>
      )}
      {!analysis.review_available && analysis.review_message && (
        <p className="notice">{analysis.review_message}</p>
      )}
      <ol className="analysis__list" aria-label="Questions">
        {analysis.items.map((item, index) => (
          <AnalysisItem key={item.question.id} item={item} number={index + 1} />
        ))}
      </ol>
      <nav className="result__links" aria-label="After the analysis">
        <Link className="button button--secondary" to={PATHS.quizResult(analysis.attempt_id)}>
          Back to the result
        </Link>
      </nav>
    </div>
  );
}
