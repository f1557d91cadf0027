import { useCallback, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { LearningPathway, PathwayStep } from '../../../../shared/contracts/learning.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { useOnline } from '../../../lib/use-online.ts';
import { useLoad } from '../../../lib/use-async.ts';
import { MasteryBar, fetchMyPathway, LEVEL_LABELS } from '../../learning/index.ts';
import { StartButton, startLabel } from '../../quiz/index.ts';
import { useMyAssessments } from '../../quizzes/index.ts';
import '../../../components/styles/learning.css';
import { PageTitle } from '../../../shell/page-title.tsx';

/** The steps shown before "Show all": a phone screen's worth. */
const FIRST_STEPS = 6;

/** The quizzes of these steps as one queue: the first runs now, the rest follow (DESIGN.md section 4). */
export function queueOf(steps: PathwayStep[]): { id: number; title: string }[] {
  const seen = new Set<number>();
  return steps.flatMap((s) => (s.quiz && !seen.has(s.quiz.id) && seen.add(s.quiz.id) ? [s.quiz] : []));
}

/**
 * Start the queue, named after the quiz it starts, asking first with the stakes (the lists' own start).
 * Without the quiz's details (not read yet, or unreadable) it is a plain link: the quiz screen asks then.
 */
function StartQueue({ queue }: { queue: { id: number; title: string }[] }) {
  const quizzes = useMyAssessments('quiz').data;
  const [first, ...rest] = queue;
  if (!first) return null;
  const item = quizzes?.find((a) => a.id === first.id);
  const restIds = rest.map((q) => q.id);
  if (item && item.state !== 'in_progress' && item.can_start)
    return <StartButton item={item} label={startLabel(item)} queue={restIds} />;
  return (
    <Link className="button" to={PATHS.quiz(first.id, restIds.length ? restIds.join(',') : undefined)}>
      {item?.state === 'in_progress' ? `Continue quiz: ${first.title}` : `Start quiz: ${first.title}`}
    </Link>
  );
}

export default function LearningPathwayScreen() {
  const state = useLoad(useCallback((signal: AbortSignal) => fetchMyPathway(signal), []));
  usePageReady({ loading: state.loading && !state.data, error: state.data ? null : state.error });
  if (!state.data) return null;
  return <Pathway pathway={state.data} updatedAt={state.updatedAt} saved={state.saved} />;
}

function Pathway({
  pathway,
  updatedAt,
  saved,
}: {
  pathway: LearningPathway;
  updatedAt: number | undefined;
  saved: boolean | undefined;
}) {
  const online = useOnline();
  const [all, setAll] = useState(false);
  const shown = all ? pathway.ready : pathway.ready.slice(0, FIRST_STEPS);
  const queue = queueOf(shown);
  if (!pathway.taken_diagnostics)
    return (
      <Frame updatedAt={updatedAt} saved={saved}>
        <EmptyState
          title="Start with the diagnostic"
          text="It finds what you already know, so your pathway starts where you are."
        >
          <Link className="button" to={PATHS.dashboard}>
            Go to the diagnostic
          </Link>
        </EmptyState>
      </Frame>
    );
  return (
    <Frame updatedAt={updatedAt} saved={saved}>
      {pathway.all_mastered && (
        <EmptyState
          title="You have mastered every topic"
          text="Well done. Keep them fresh with Test Yourself; topics due for a re-check will appear here."
        />
      )}

      {pathway.rechecks.length > 0 && (
        <section className="card" aria-labelledby="pathway-rechecks">
          <h2 id="pathway-rechecks" className="card__title">
            Due for a re-check
          </h2>
          <p className="learning-muted">
            You mastered these a while ago. A short quiz shows whether they stuck.
          </p>
          <Steps steps={pathway.rechecks} online={online} />
        </section>
      )}

      {pathway.ready.length > 0 && (
        <section aria-labelledby="pathway-ready">
          <div className="learning-section-head">
            <h2 id="pathway-ready" className="learning-section-title">
              Ready to learn
            </h2>
            {queue.length > 0 && online && <StartQueue queue={queue} />}
          </div>
          <p className="learning-muted">
            You know what these build on. The start button runs their quizzes one after another: you see each
            result, and you can stop after any.
          </p>
          <Steps steps={shown} online={online} />
          {pathway.ready.length > FIRST_STEPS && (
            <button type="button" className="button button--secondary" onClick={() => setAll((v) => !v)}>
              {all ? 'Show fewer' : `Show all ${pathway.ready.length}`}
            </button>
          )}
        </section>
      )}
    </Frame>
  );
}

function Frame({
  updatedAt,
  saved,
  children,
}: {
  updatedAt: number | undefined;
  saved?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <div className="screen learning-pathway">
      <header className="screen-header">
        <PageTitle>Learning Pathway</PageTitle>
      </header>
      <OfflineStamp updatedAt={updatedAt} saved={saved} />
      {children}
    </div>
  );
}

function Steps({ steps, online }: { steps: PathwayStep[]; online: boolean }) {
  return (
    <ol className="pathway-steps">
      {steps.map((s) => (
        <li key={s.micro_topic_id} className="card pathway-step">
          <p className="pathway-step__where">
            {s.subject_name} › {s.sub_topic_name}
          </p>
          <h3 className="pathway-step__name">{s.name}</h3>
          {s.level === 'unknown' ? (
            <p className="pathway-step__level">{LEVEL_LABELS.unknown}</p>
          ) : (
            <MasteryBar value={s.mastery} label={LEVEL_LABELS[s.level]} goal />
          )}
          <div className="pathway-step__actions">
            {s.quiz ? (
              online ? (
                <Link className="button button--secondary button--small" to={PATHS.quiz(s.quiz.id)}>
                  {s.quiz.title}
                </Link>
              ) : (
                <span className="learning-muted">{s.quiz.title} (needs a connection to start)</span>
              )
            ) : (
              <span className="learning-muted">No quiz on this topic yet.</span>
            )}
            {s.materials.map((m) =>
              m.kind === 'resource' ? (
                <span key={`${m.kind}-${m.id}`} className="learning-muted">
                  {m.title}
                </span>
              ) : (
                // Study first: the lecture or video that teaches this topic.
                <Link
                  key={`${m.kind}-${m.id}`}
                  className="pathway-step__material"
                  to={m.kind === 'lecture' ? `${PATHS.lectures}?id=${m.id}` : PATHS.video(m.id)}
                >
                  {m.kind === 'lecture' ? 'Read: ' : 'Watch: '}
                  {m.title}
                </Link>
              ),
            )}
          </div>
        </li>
      ))}
    </ol>
  );
}
