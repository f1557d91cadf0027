import { Link } from 'react-router-dom';
import type { AttemptResult } from '../../../../shared/contracts/attempts.ts';
import { usePageReady } from '../../../app/page-load.tsx';
import { PATHS } from '../../../app/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ResultSummary } from '../components/result-summary.tsx';
import { fetchResult } from '../quiz.api.ts';
import { useAttemptReport } from '../use-attempt-report.ts';
import '../quiz.css';

export type QuizResultScreenProps = { id: string };

/** Where "back" goes from a result, by the kind of attempt. */
export function backLink(kind: AttemptResult['kind']): { to: string; label: string } {
  switch (kind) {
    case 'exam':
      return { to: PATHS.exams, label: 'Back to exams' };
    case 'diagnostic':
      return { to: PATHS.diagnosticResults, label: 'See your diagnostic results' };
    case 'practice':
      return { to: PATHS.testYourself, label: 'Back to Test Yourself' };
    default:
      return { to: PATHS.quizzes, label: 'Back to quizzes' };
  }
}

export function WaitingForSync() {
  return (
    <EmptyState
      title="Submitted — waiting to sync"
      text="Your answers are safe on this device. The result appears here as soon as you are back online."
    />
  );
}

export default function QuizResultScreen({ id }: QuizResultScreenProps) {
  const { data, loading, error } = useAttemptReport(id, fetchResult);
  usePageReady({ loading: loading && !data, error });
  if (!data) return null;
  if (data.kind === 'waiting') return <WaitingForSync />;
  if (data.kind === 'missing') {
    return (
      <EmptyState title="No result yet" text={data.message}>
        <Link className="button button--secondary" to={PATHS.quizzes}>
          Back to quizzes
        </Link>
      </EmptyState>
    );
  }
  const result = data.value;
  const back = backLink(result.kind);
  return (
    <div className="screen result">
      <h1 className="page-title">{result.title}</h1>
      <ResultSummary result={result} />
      <nav className="result__links" aria-label="After the result">
        <Link className="button" to={PATHS.quizAnalysis(result.attempt_id)}>
          See the analysis
        </Link>
        <Link className="button button--secondary" to={back.to}>
          {back.label}
        </Link>
      </nav>
    </div>
  );
}
