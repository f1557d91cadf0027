import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PATHS, practiseTopicsPath } from '../../../shell/paths.ts';
import { useOnline } from '../../../lib/use-online.ts';
import type { StudentAssessment } from '../assessment-state.ts';
import { actionsFor } from '../assessment-state.ts';
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
 * What to do after a result: practise the weak topics in Test Yourself, retry while attempts remain, and
 * the other ways on (`children`).
 */
export function NextSteps({
  text,
  practise,
  practiseLabel = 'Practise these topics',
  retry,
  children,
}: {
  text: string;
  /** Micro topic ids to preselect in Test Yourself; none: no practice offered. */
  practise: readonly number[];
  practiseLabel?: string;
  retry: StudentAssessment | null;
  children?: ReactNode;
}) {
  return (
    <section className="card card--accent next-steps" aria-labelledby="next-steps-title">
      <h2 id="next-steps-title" className="card__title">
        What next
      </h2>
      <p className="next-steps__text">{text}</p>
      <nav className="result__links" aria-label="What next">
        {practise.length > 0 && (
          <Link className="button" to={practiseTopicsPath(practise)}>
            {practiseLabel}
          </Link>
        )}
        {retry && <Retry item={retry} />}
        <Link className="button button--secondary" to={PATHS.learningPathway}>
          See your learning pathway
        </Link>
        {children}
      </nav>
    </section>
  );
}
