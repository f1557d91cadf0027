import { useCallback } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import type { Attempt } from '../../../../shared/contracts/attempts.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { BackToQuizzes } from '../components/back-to-quizzes.tsx';
import { useLoad } from '../../../lib/use-async.ts';
import { useAuth } from '../../../shell/session.ts';
import { refreshUser } from '../../auth/index.ts';
import { openAssessment } from '../attempt-session.ts';
import { parseQueue, positiveId } from '../attempt-view.ts';
import { DiagnosticRunner } from '../components/diagnostic-runner.tsx';
import { QuizRunner } from '../components/quiz-runner.tsx';
import { StartCard } from '../components/start-card.tsx';
import { isConfirmed } from '../start-stakes.ts';
import { useStartGate } from '../use-start-gate.ts';
import { queueResultPath } from '../queue.ts';
import '../../../components/styles/quiz.css';

export type QuizScreenProps = { id: string; queue?: string };

export default function QuizScreen({ id, queue }: QuizScreenProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const assessmentId = positiveId(id);
  const userId = user?.id ?? null;
  const { gate, agree } = useStartGate(
    assessmentId,
    userId,
    assessmentId !== null && isConfirmed(location.state, assessmentId),
  );
  const load = useCallback(
    (signal: AbortSignal) => openAssessment(assessmentId ?? 0, userId ?? 0, signal),
    [assessmentId, userId],
  );
  const open = gate?.kind === 'go' && assessmentId !== null && userId !== null;
  const { data, loading, error, reload } = useLoad(open ? load : null);
  usePageReady({ loading: (gate === null && assessmentId !== null && userId !== null) || loading, error });

  const finish = useCallback(
    async (attempt: Attempt) => {
      if (parseQueue(queue).length > 0 && attempt.kind !== 'diagnostic') {
        // The next quiz of the queue does not start here: the result comes first, and its main action
        // offers the next one, which asks before its clock runs. The student can stop after any.
        navigate(queueResultPath(attempt.id, queue ?? ''), { replace: true });
      } else if (attempt.kind === 'diagnostic') {
        // The menu unlocks without a new login: the refreshed user has taken_diagnostics = 1.
        await refreshUser();
        navigate(PATHS.diagnosticResults, { replace: true });
      } else {
        navigate(PATHS.quizResult(attempt.id), { replace: true });
      }
    },
    [navigate, queue],
  );

  if (assessmentId === null) {
    return <EmptyState title="Quiz not found" text="This address does not point to a quiz." />;
  }
  if (gate?.kind === 'ask')
    return <StartCard item={gate.item} following={parseQueue(queue).length} onStart={agree} />;
  if (!data) return null;
  switch (data.kind) {
    case 'submitted':
      return <Navigate to={PATHS.quizResult(data.attemptId)} replace />;
    case 'blocked':
      return <BackToQuizzes title="This cannot be started" text={data.message} />;
    case 'unavailable':
      return (
        <EmptyState
          title="You are offline"
          text="This quiz has not been opened on this device yet. Connect to the internet to start it; once started, it keeps working offline."
        >
          <button type="button" className="button" onClick={reload}>
            Try again
          </button>
        </EmptyState>
      );
    case 'ready':
      // The adaptive diagnostic asks one chosen question after another; the rest take the list in order.
      if (data.data.attempt.adaptive)
        return (
          <DiagnosticRunner
            key={data.data.attempt.id}
            session={data.data}
            onSubmitted={() => void finish(data.data.attempt)}
          />
        );
      return (
        <QuizRunner
          key={data.data.attempt.id}
          session={data.data}
          queued={parseQueue(queue).length}
          onSubmitted={() => void finish(data.data.attempt)}
        />
      );
  }
}
