import { useRef } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PATHS, practiseTopicsPath } from '../../../shell/paths.ts';
import { useOnline } from '../../../lib/use-online.ts';
import type { StudentAssessment } from '../assessment-state.ts';
import { actionsFor } from '../assessment-state.ts';
import { startLabel } from '../start-stakes.ts';
import { useQueuedNext } from '../use-queued-next.ts';
import type { QueuedNext } from '../use-queued-next.ts';
import { PinnedAction } from './pinned-action.tsx';
import { StartButton } from './start-button.tsx';

const attemptsLeftText = (item: StudentAssessment) => {
  if (item.attempts_allowed === null) return null;
  const left = Math.max(0, item.attempts_allowed - item.attempts_used);
  return `${left} attempt${left === 1 ? '' : 's'} left`;
};

/** Retry (or continue) the assessment while attempts remain: the lists' own start, with its confirmation. */
function Retry({ item }: { item: StudentAssessment }) {
  const online = useOnline();
  const { actions, note } = actionsFor(item, { online });
  const action = actions.find((a) => a.kind !== 'review');
  if (note) return <span className="next-steps__note">{note.replace(/^Retaking/, 'Retrying')}</span>;
  if (!action) return null;
  if (action.kind === 'continue') {
    return (
      <Link className="button button--secondary" to={PATHS.quiz(item.id)}>
        Continue your retry
      </Link>
    );
  }
  const left = attemptsLeftText(item);
  return (
    <>
      <StartButton item={item} label="Retry" secondary />
      {left && <span className="next-steps__note">{left}</span>}
    </>
  );
}

/**
 * The next quiz of the learning pathway's queue, named after itself. A timed one asks first with its
 * stakes; unknown details (offline, not read yet) make it a plain link, and the quiz screen asks.
 */
function NextInQueue({ next }: { next: QueuedNext }) {
  const { item, rest } = next;
  if (item && item.state !== 'in_progress')
    return <StartButton item={item} label={startLabel(item)} queue={rest} />;
  return (
    <Link className="button" to={PATHS.quiz(next.id, rest.length ? rest.join(',') : undefined)}>
      {item ? `Continue quiz: ${item.title}` : 'Next quiz'}
    </Link>
  );
}

/**
 * What to do after a result: go on with the pathway's queue, practise the weak topics in Test Yourself,
 * retry while attempts remain, and the other ways on (`children`). The first of these is the main action,
 * pinned to the bottom on a phone.
 */
export function NextSteps({
  text,
  practise,
  practiseLabel = 'Practise these topics',
  retry,
  queue = [],
  children,
}: {
  text: string;
  /** Micro topic ids to preselect in Test Yourself; none: no practice offered. */
  practise: readonly number[];
  practiseLabel?: string;
  retry: StudentAssessment | null;
  /** The pathway's quizzes still to come after this result (its `?next=`). */
  queue?: readonly number[];
  children?: ReactNode;
}) {
  const links = useRef<HTMLElement>(null);
  const next = useQueuedNext(queue);
  const practiseLink = (secondary: boolean) => (
    <Link className={secondary ? 'button button--secondary' : 'button'} to={practiseTopicsPath(practise)}>
      {practiseLabel}
    </Link>
  );
  const pathway = (secondary: boolean) => (
    <Link className={secondary ? 'button button--secondary' : 'button'} to={PATHS.learningPathway}>
      See your learning pathway
    </Link>
  );
  const main = next ? (
    <NextInQueue next={next} />
  ) : practise.length > 0 ? (
    practiseLink(false)
  ) : (
    pathway(false)
  );
  return (
    <>
      <section className="card card--accent next-steps" aria-labelledby="next-steps-title">
        <h2 id="next-steps-title" className="card__title">
          What next
        </h2>
        <p className="next-steps__text">{text}</p>
        <nav ref={links} className="result__links" aria-label="What next">
          {next && <NextInQueue next={next} />}
          {practise.length > 0 && practiseLink(next !== null)}
          {retry && <Retry item={retry} />}
          {pathway(next !== null || practise.length > 0)}
          {children}
        </nav>
      </section>
      <PinnedAction watch={links}>{main}</PinnedAction>
    </>
  );
}
