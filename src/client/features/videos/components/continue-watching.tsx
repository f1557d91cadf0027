import { useId } from 'react';
import { Link } from 'react-router-dom';
import { WATCHED_FRACTION } from '../../../../shared/contracts/content.ts';
import type { VideoSummary } from '../../../../shared/contracts/content.ts';
import { PATHS } from '../../../shell/paths.ts';
import { formatDuration } from '../../content/index.ts';
import { WatchedStatus } from './watched-status.tsx';

/** Started (a position saved or something played), not yet watched to the end, and tracked here. */
export function isUnfinished(v: VideoSummary): boolean {
  const p = v.progress;
  return (
    !v.external &&
    p.completed_at === null &&
    p.fraction < WATCHED_FRACTION &&
    (p.position_seconds > 0 || p.watched_seconds > 0)
  );
}

/**
 * "Continue watching": the videos the student started and did not finish, each opening where they stopped
 * (the video screen resumes at the saved second). Nothing when there are none.
 */
export function ContinueWatching({ videos }: { videos: readonly VideoSummary[] }) {
  const headingId = useId();
  const started = videos.filter(isUnfinished);
  if (started.length === 0) return null;
  return (
    <section className="continue-watching" aria-labelledby={headingId}>
      <h2 id={headingId} className="continue-watching__title">
        Continue watching
      </h2>
      <ul className="continue-watching__list">
        {started.map((v) => (
          <li key={v.id}>
            <Link className="card continue-watching__item" to={PATHS.video(v.id)}>
              <span className="continue-watching__name">{v.title}</span>
              <span className="continue-watching__at">
                Resume at {formatDuration(v.progress.position_seconds)}
                {v.duration_seconds !== null && ` of ${formatDuration(v.duration_seconds)}`}
              </span>
              <WatchedStatus compact fraction={v.progress.fraction} completed={false} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
