import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-async.ts';
import { useAuth } from '../../../shell/session.ts';
import type { SessionData } from '../../quiz/index.ts';
import {
  ResultSummary,
  topicIdsFromQuery,
  fetchResult,
  isNetworkFailure,
  useAttemptReport,
  WaitingForSync,
} from '../../quiz/index.ts';
import { PracticeRunner } from '../components/practice-runner.tsx';
import { PracticeStart } from '../components/practice-start.tsx';
import { practisableTopics } from '../components/topic-picker.tsx';
import { beginPractice, endPractice, usePracticeStart } from '../use-practice.ts';
import '../../../components/styles/quiz.css';
import '../test-yourself.css';
import { PageTitle } from '../../../shell/page-title.tsx';

type Stage =
  { name: 'choose' } | { name: 'running'; session: SessionData } | { name: 'summary'; attemptId: string };

function Summary({ attemptId, onAgain }: { attemptId: string; onAgain: () => void }) {
  const { data } = useAttemptReport(attemptId, fetchResult);
  if (!data) return null;
  if (data.kind === 'waiting') return <WaitingForSync />;
  if (data.kind === 'missing') return <p className="notice notice--error">{data.message}</p>;
  return (
    <>
      <h2 className="page-title">Your summary</h2>
      <ResultSummary result={data.value} />
      <div className="result__links">
        <button type="button" className="button" onClick={onAgain}>
          Practise again
        </button>
        <Link className="button button--secondary" to={PATHS.quizAnalysis(attemptId)}>
          See every question
        </Link>
      </div>
    </>
  );
}

export default function TestYourselfScreen() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const { data, loading, error, updatedAt } = usePracticeStart(userId);
  usePageReady({ loading: loading && !data, error });
  const [stage, setStage] = useState<Stage>({ name: 'choose' });
  const [params] = useSearchParams();
  const asked = params.get('topics');
  // "Practise these topics" from a result: exactly those, as far as they can be practised.
  const suggested = useMemo(() => {
    if (!data) return null;
    const practisable = practisableTopics(data.graph);
    const ids = topicIdsFromQuery(asked).filter((id) => practisable.has(id));
    return {
      ids,
      names: ids.map((id) => practisable.get(id)!.name),
      subjects: [...new Set(ids.map((id) => practisable.get(id)!.subjectId))],
    };
  }, [data, asked]);
  const start = useAction((ids: number[], n: number) => beginPractice(userId ?? 0, ids, n));
  // A "Practise" link followed from this screen's own summary: back to choosing, with that topic.
  const [seenAsked, setSeenAsked] = useState(asked);
  if (asked !== seenAsked) {
    setSeenAsked(asked);
    if (asked) setStage({ name: 'choose' });
  }

  const onStart = async (ids: number[], count: number) => {
    const outcome = await start.run(ids, count);
    if (outcome.ok) setStage({ name: 'running', session: outcome.value });
  };
  const finish = (attemptId: string) => {
    if (userId !== null) void endPractice(userId);
    setStage({ name: 'summary', attemptId });
  };

  if (!data) return null;
  const startError = start.error
    ? isNetworkFailure(start.error)
      ? 'You are offline. Starting a practice needs the internet; once started, it keeps working offline.'
      : (start.fieldErrors.micro_topic_ids?.[0] ?? errorMessage(start.error))
    : null;

  return (
    <div className="screen test-yourself">
      <PageTitle>Test Yourself</PageTitle>
      {stage.name === 'choose' && <OfflineStamp updatedAt={updatedAt} />}
      {stage.name === 'running' && (
        <PracticeRunner
          key={stage.session.attempt.id}
          session={stage.session}
          onFinished={() => finish(stage.session.attempt.id)}
        />
      )}
      {stage.name === 'summary' && (
        <Summary attemptId={stage.attemptId} onAgain={() => setStage({ name: 'choose' })} />
      )}
      {stage.name === 'choose' && (
        <>
          {data.unfinished && (
            <section className="card card--accent" aria-labelledby="unfinished-title">
              <h2 id="unfinished-title" className="card__title">
                You have a practice in progress
              </h2>
              <button
                type="button"
                className="button"
                onClick={() => data.unfinished && setStage({ name: 'running', session: data.unfinished })}
              >
                Continue the practice
              </button>
            </section>
          )}
          {data.graph.subjects.length === 0 ? (
            <EmptyState title="Nothing to practise yet" text="There are no topics with questions yet." />
          ) : (
            <PracticeStart
              key={asked ?? ''}
              graph={data.graph}
              quick={data.quick}
              suggested={suggested ?? { ids: [], names: [], subjects: [] }}
              pending={start.pending}
              error={startError}
              onStart={(ids, n) => void onStart(ids, n)}
            />
          )}
        </>
      )}
    </div>
  );
}
