import { Link, useSearchParams } from 'react-router-dom';
import type { AttemptResult } from '../../../../shared/contracts/attempts.ts';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { BackToQuizzes } from '../components/back-to-quizzes.tsx';
import { NextSteps } from '../components/next-steps.tsx';
import { ResultSummary } from '../components/result-summary.tsx';
import { weakTopics } from '../next-steps.ts';
import { fetchResult } from '../quiz.api.ts';
import { queueFromQuery } from '../queue.ts';
import { useAttemptReport } from '../use-attempt-report.ts';
import { useRetryTarget } from '../use-retry-target.ts';
import '../../../components/styles/quiz.css';
import { PageTitle } from '../../../shell/page-title.tsx';

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
  const { data, loading, error, updatedAt } = useAttemptReport(id, fetchResult);
  usePageReady({ loading: loading && !data, error });
  if (!data) return null;
  if (data.kind === 'waiting') return <WaitingForSync />;
  if (data.kind === 'missing') {
    return <BackToQuizzes title="No result yet" text={data.message} />;
  }
  return (
    <>
      <OfflineStamp updatedAt={updatedAt} />
      <ResultView result={data.value} />
    </>
  );
}

/** The sentence over the next steps: what the result means for what to do now. */
export function nextStepsText(result: AttemptResult, weak: number, withheld: boolean): string {
  if (withheld)
    return 'How you did per topic appears once the answers are released. Meanwhile, you can practise the topics of this one.';
  if (weak === 0) return 'You reached the mastery mark on every topic here.';
  const topics = `${weak} topic${weak === 1 ? '' : 's'}`;
  return result.passed === false
    ? `Not passed this time. Practise the ${topics} below the mastery mark, then try again.`
    : `${topics[0]!.toUpperCase()}${topics.slice(1)} ${weak === 1 ? 'is' : 'are'} still below the mastery mark: practise ${weak === 1 ? 'it' : 'them'} to make ${weak === 1 ? 'it' : 'them'} stick.`;
}

function ResultView({ result }: { result: AttemptResult }) {
  const back = backLink(result.kind);
  const retry = useRetryTarget(result.kind, { assessmentId: result.assessment_id });
  const withheld = result.per_micro_topic.some((t) => t.correct === null);
  const weak = weakTopics(result.per_micro_topic);
  const practise = withheld ? result.per_micro_topic : weak;
  // Reached from the learning pathway's queue: the quizzes still to come.
  const [params] = useSearchParams();
  const queue = queueFromQuery(params.get('next'));
  return (
    <div className="screen result">
      <PageTitle>{result.title}</PageTitle>
      <ResultSummary result={result} />
      {result.kind !== 'practice' && (
        <NextSteps
          text={nextStepsText(result, weak.length, withheld)}
          practise={practise.map((t) => t.micro_topic_id)}
          practiseLabel={withheld ? `Practise the topics of this ${result.kind}` : undefined}
          retry={retry}
          queue={queue}
        />
      )}
      <nav className="result__links" aria-label="After the result">
        <Link className="button button--secondary" to={PATHS.quizAnalysis(result.attempt_id)}>
          See the analysis
        </Link>
        <Link className="button button--secondary" to={back.to}>
          {back.label}
        </Link>
      </nav>
    </div>
  );
}
