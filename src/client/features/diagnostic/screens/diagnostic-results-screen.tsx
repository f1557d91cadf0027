import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import type { DiagnosticResults } from '../../../../shared/contracts/attempts.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { useLoad } from '../../../lib/use-async.ts';
import { fetchDiagnosticResults, NextSteps, useRetryTarget } from '../../quiz/index.ts';
import { formatDate } from '../../../lib/format.ts';
import { practiseFirst, readinessOf } from '../readiness.ts';
import type { Readiness, ReadinessResult } from '../readiness.ts';
import '../../../components/styles/quiz.css';
import '../../../components/styles/result.css';
import { PageTitle } from '../../../shell/page-title.tsx';

type SubjectResult = DiagnosticResults['subjects'][number];

const topicsText = (n: number) => `${n} topic${n === 1 ? '' : 's'}`;

const STATES: ReadonlyArray<{ key: Readiness; label: string }> = [
  { key: 'known', label: 'Known' },
  { key: 'ready', label: 'Ready to learn' },
  // One word per meaning across the app: "Locked" waits for topics it builds on (here and on the
  // pathway); "Not mastered yet" is a topic practised but not mastered (learning/mastery-format.ts).
  { key: 'not_yet', label: 'Locked' },
];

/** Known, ready to learn and locked side by side in one bar; the words next to it say the same. */
function ReadinessBar({ counts }: { counts: Record<Readiness, number> }) {
  const total = counts.known + counts.ready + counts.not_yet;
  return (
    <div className="readiness-bar" aria-hidden="true">
      {STATES.map(({ key }) => (
        <span
          key={key}
          className={`readiness-bar__${key}`}
          style={{ width: `${total ? (counts[key] / total) * 100 : 0}%` }}
        />
      ))}
    </div>
  );
}

function countsOf(topics: SubjectResult['micro_topics'], readiness: ReadinessResult) {
  const counts: Record<Readiness, number> = { known: 0, ready: 0, not_yet: 0 };
  for (const t of topics) counts[readiness.of.get(t.micro_topic_id) ?? 'ready'] += 1;
  return counts;
}

function countsText(counts: Record<Readiness, number>): string {
  return STATES.filter(({ key }) => counts[key] > 0)
    .map(({ key, label }) => `${counts[key]} ${label.toLowerCase()}`)
    .join(' · ');
}

function SubjectItem({ subject, readiness }: { subject: SubjectResult; readiness: ReadinessResult }) {
  const counts = countsOf(subject.micro_topics, readiness);
  return (
    <li className="subject-list__item">
      <h3 className="subject-list__title">{subject.subject_name}</h3>
      <p className="subject-list__count">{countsText(counts)}</p>
      <ReadinessBar counts={counts} />
      {STATES.map(({ key, label }) => {
        const topics = subject.micro_topics.filter((t) => readiness.of.get(t.micro_topic_id) === key);
        if (topics.length === 0) return null;
        return (
          <p key={key} className="subject-list__topics">
            <span className={`tag tag--${key.replace('_', '-')}`}>{label}</span>{' '}
            {topics
              .map((t) => {
                const first = readiness.waitsFor.get(t.micro_topic_id);
                return first ? `${t.micro_topic_name} (after ${first.join(', ')})` : t.micro_topic_name;
              })
              .join(' · ')}
          </p>
        );
      })}
    </li>
  );
}

interface Loaded {
  results: DiagnosticResults;
  readiness: ReadinessResult;
}

function Results({ results, readiness, attemptId }: Loaded & { attemptId: string }) {
  const topics = results.subjects.flatMap((s) => s.micro_topics);
  const counts = countsOf(topics, readiness);
  const practise = practiseFirst(results, readiness);
  const retry = useRetryTarget('diagnostic', { attemptId });
  return (
    <div className="screen diagnostic-results">
      <PageTitle>Diagnostic results</PageTitle>
      <section className="card" aria-labelledby="diagnostic-summary">
        <h2 id="diagnostic-summary" className="card__title">
          Your starting point
        </h2>
        <p>
          <strong>
            {readiness.readyCount > 0
              ? `You are ready to learn ${topicsText(readiness.readyCount)}.`
              : counts.known === topics.length
                ? 'You know every topic of the diagnostic.'
                : 'Your learning starts with the basics.'}
          </strong>{' '}
          {[
            counts.known > 0 ? `You know ${counts.known} already.` : null,
            counts.not_yet > 0
              ? `${topicsText(counts.not_yet)} ${counts.not_yet === 1 ? 'is' : 'are'} locked for now: ${counts.not_yet === 1 ? 'it builds' : 'they build'} on others to learn first.`
              : null,
          ]
            .filter(Boolean)
            .join(' ')}
        </p>
        <ReadinessBar counts={counts} />
        <ul className="readiness-legend" aria-hidden="true">
          {STATES.map(({ key, label }) => (
            <li key={key}>
              <span className={`readiness-legend__swatch readiness-bar__${key}`} /> {label}
            </li>
          ))}
        </ul>
        <p className="subject-list__count">
          Taken {formatDate(results.submitted_at)}. There is no pass or fail: this is where your learning
          starts.
        </p>
      </section>
      <section className="card" aria-labelledby="diagnostic-subjects">
        <h2 id="diagnostic-subjects" className="card__title">
          By subject
        </h2>
        <ul className="subject-list" aria-label="Subjects">
          {results.subjects.map((subject) => (
            <SubjectItem key={subject.subject_id} subject={subject} readiness={readiness} />
          ))}
        </ul>
      </section>
      <NextSteps
        text={
          practise.length > 0
            ? 'Practise the topics you are ready to learn, and see them become known.'
            : 'Carry on with your quizzes: they build on what you know.'
        }
        practise={practise}
        retry={retry}
      >
        <Link className="button button--secondary" to={PATHS.quizAnalysis(attemptId)}>
          See every question
        </Link>
        <Link className="button button--secondary" to={PATHS.dashboard}>
          Go to the dashboard
        </Link>
      </NextSteps>
    </div>
  );
}

export default function DiagnosticResultsScreen() {
  const load = useCallback(async (signal: AbortSignal): Promise<Loaded> => {
    const results = await fetchDiagnosticResults(signal);
    return { results, readiness: readinessOf(results) };
  }, []);
  const { data, loading, error, updatedAt } = useLoad(load);
  usePageReady({ loading: loading && !data, error });
  if (!data) return null;
  if (data.results.attempt_id === null) {
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
    <>
      <OfflineStamp updatedAt={updatedAt} />
      <Results {...data} attemptId={data.results.attempt_id} />
    </>
  );
}
