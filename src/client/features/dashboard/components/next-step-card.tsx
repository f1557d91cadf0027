import { Link } from 'react-router-dom';
import { PATHS } from '../../../shell/paths.ts';
import { useOnline } from '../../../lib/use-online.ts';
import type { StudentAssessment } from '../../quiz/index.ts';
import { actionsFor, questionCountText, StartButton, stateDetail, timeLimitText } from '../../quiz/index.ts';
import type { NextStep } from '../next-step.ts';

/** "6 of 8 answered" when this device holds the attempt; the time left (or no limit) always. */
function progressLine(item: StudentAssessment, now: number): string {
  const answered = item.answered ? `${item.answered.done} of ${item.answered.of} answered` : null;
  return [answered ?? questionCountText(item), stateDetail(item, now)].join(' · ');
}

/**
 * The one primary action for this assessment, as the lists would offer it (a timed start asks first), or
 * the word on why it waits (offline).
 */
function Action({ item, label }: { item: StudentAssessment; label: string }) {
  const online = useOnline();
  const { actions, note } = actionsFor(item, { online });
  const main = actions.find((a) => a.kind === 'continue' || a.kind === 'start');
  if (!main) return note ? <p className="dashboard-next__note">{note}</p> : null;
  if (main.kind === 'start') return <StartButton item={item} label={label} />;
  return (
    <Link className="button" to={PATHS.quiz(item.id)}>
      {label}
    </Link>
  );
}

/**
 * The dashboard's first card: what to do next, with exactly one button for it, so that on a phone the first
 * screen holds one way on. Everything else on the dashboard is secondary to it.
 */
export function NextStepCard({ next, now }: { next: NextStep; now: number }) {
  return (
    <section className="card card--accent dashboard-next" aria-label="Your next step">
      <p className="dashboard-next__eyebrow">Your next step</p>
      <Body next={next} now={now} />
    </section>
  );
}

function Body({ next, now }: { next: NextStep; now: number }) {
  switch (next.kind) {
    case 'continue':
      return (
        <>
          <h2 className="dashboard-next__title">Continue: {next.item.title}</h2>
          <p className="dashboard-next__detail">{progressLine(next.item, now)}</p>
          <Action item={next.item} label="Continue" />
        </>
      );
    case 'topic': {
      const { step, item } = next;
      const material = step.materials.find((m) => m.kind !== 'resource');
      return (
        <>
          <h2 className="dashboard-next__title">Next: {step.name}</h2>
          <p className="dashboard-next__detail">
            Ready to learn · {step.subject_name} › {step.sub_topic_name}
          </p>
          {item ? (
            <>
              <p className="dashboard-next__detail">
                {item.title} · {questionCountText(item)} · {timeLimitText(item)}
              </p>
              <Action item={item} label={item.last_attempt_id ? 'Retake the quiz' : 'Start the quiz'} />
            </>
          ) : material ? (
            <Link
              className="button"
              to={
                material.kind === 'lecture' ? `${PATHS.lectures}?id=${material.id}` : PATHS.video(material.id)
              }
            >
              {material.kind === 'lecture' ? 'Read: ' : 'Watch: '}
              {material.title}
            </Link>
          ) : (
            <Link className="button" to={PATHS.learningPathway}>
              Open your pathway
            </Link>
          )}
        </>
      );
    }
    case 'assessment':
      return (
        <>
          <h2 className="dashboard-next__title">Next: {next.item.title}</h2>
          <p className="dashboard-next__detail">
            {questionCountText(next.item)} · {stateDetail(next.item, now)}
          </p>
          <Action item={next.item} label="Start" />
        </>
      );
    default:
      return (
        <>
          <h2 className="dashboard-next__title">Keep what you know fresh</h2>
          <p className="dashboard-next__detail">
            Nothing is waiting for you right now. A few practice questions keep your topics mastered.
          </p>
          <Link className="button" to={PATHS.testYourself}>
            Practise in Test Yourself
          </Link>
        </>
      );
  }
}
