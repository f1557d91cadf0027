import { Link } from 'react-router-dom';
import type { LiveSession } from '../../../../shared/contracts/live.ts';
import { PATHS } from '../../../shell/paths.ts';
import { countdown, formatSpan } from '../live-format.ts';

export type Phase = 'upcoming' | 'live' | 'past';

/** Where a session stands at `now` (by the server's clock): it moves on without a reload. */
export function phaseOf(s: Pick<LiveSession, 'starts_at' | 'ends_at'>, now: number): Phase {
  if (now >= Date.parse(s.ends_at)) return 'past';
  return now >= Date.parse(s.starts_at) ? 'live' : 'upcoming';
}

export const sessionLink = (id: number) => `${PATHS.live}?session=${id}`;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The way into the session's meeting (another site, in a new tab). */
export function MeetingLink({ url }: { url: string }) {
  return (
    <a className="button button--secondary" href={url} target="_blank" rel="noopener noreferrer">
      Open the meeting
    </a>
  );
}

/** One session in the list: when, what, a countdown before it, the way in during it, the thread after. */
export function SessionCard({ session: s, now }: { session: LiveSession; now: number }) {
  const phase = phaseOf(s, now);
  const titleId = `live-session-${s.id}`;
  return (
    <li className={`card live-card live-card--${phase}`} aria-labelledby={titleId}>
      <div className="live-card__head">
        <h3 id={titleId} className="live-card__title">
          {s.title}
        </h3>
        {phase === 'live' && <span className="badge badge--success">Live now</span>}
      </div>
      <p className="live-card__when">{formatSpan(s.starts_at, s.ends_at)}</p>
      {phase === 'upcoming' && (
        // Not a live region: a screen reader would read it out every second.
        <p className="live-card__countdown">{countdown(Date.parse(s.starts_at) - now)}</p>
      )}
      {s.summary && <p className="live-card__summary">{s.summary}</p>}
      <div className="live-card__actions">
        {phase === 'live' && (
          <Link className="button" to={sessionLink(s.id)}>
            Join the discussion
          </Link>
        )}
        {phase === 'upcoming' && (
          <Link className="button button--secondary" to={sessionLink(s.id)}>
            {s.open_for_posting ? 'Ask a question' : 'Details'}
          </Link>
        )}
        {phase === 'past' && (
          <Link className="button button--secondary" to={sessionLink(s.id)}>
            Read the discussion ({plural(s.message_count, 'message', 'messages')})
          </Link>
        )}
        {phase !== 'past' && s.meeting_url && <MeetingLink url={s.meeting_url} />}
      </div>
      {phase === 'upcoming' && s.has_meeting_url && !s.meeting_url && (
        <p className="live-card__note">The meeting link appears here 15 minutes before the start.</p>
      )}
    </li>
  );
}
