import { useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { LIVE_LIMITS, type LiveDetail } from '../../../../shared/contracts/live.ts';
import { PATHS } from '../../../shell/paths.ts';
import { RichHtml } from '../../../components/rich-html.tsx';
import type { ClockOffset } from '../live.api.ts';
import { formatSpan } from '../live-format.ts';
import type { ThreadView as View } from '../live-thread.ts';
import { useLiveThread, useServerNow } from '../use-live.ts';
import { Composer } from './composer.tsx';
import { MessageItem } from './message-item.tsx';
import { MeetingLink, phaseOf } from './session-card.tsx';

const CONNECTION_TEXT: Record<View['connection'], string> = {
  connecting: 'Connecting…',
  live: 'Connected: new messages appear as they are written.',
  reconnecting: 'Reconnecting…',
  offline: 'Offline. Messages you write are sent when you are back online.',
  closed: '',
};

/** One session: its details, the thread as it happens, and the message box while it is open. */
export function ThreadView({ detail, userId }: { detail: LiveDetail & ClockOffset; userId: number }) {
  const { session: s } = detail;
  const { thread, view } = useLiveThread(detail, userId);
  const now = useServerNow(detail.offset, 15_000);
  const phase = phaseOf(s, now);
  const open = now >= Date.parse(s.starts_at) - LIVE_LIMITS.openBeforeMinutes * 60_000 && phase !== 'past';
  const list = useRef<HTMLOListElement>(null);
  const nearBottom = useRef(true);

  // Follows the conversation while the reader is at its end; leaves them be when they scrolled up to read.
  useLayoutEffect(() => {
    const el = list.current;
    if (el && nearBottom.current) el.scrollTop = el.scrollHeight;
  }, [view.messages.length]);

  const status =
    view.connection === 'closed' || view.closedBecause
      ? phase === 'past' || view.closedBecause === 'past'
        ? 'This discussion has ended. Its thread is kept here to read.'
        : `The thread opens for questions ${LIVE_LIMITS.openBeforeMinutes} minutes before the start.`
      : CONNECTION_TEXT[view.connection];

  return (
    <section className="card live-thread" aria-labelledby="live-thread-title">
      <Link to={PATHS.live} className="live-thread__back">
        All live discussions
      </Link>
      <div className="live-thread__head">
        <h2 id="live-thread-title" className="card__title">
          {s.title}
        </h2>
        {phase === 'live' && <span className="badge badge--success">Live now</span>}
        {phase === 'upcoming' && <span className="badge badge--info">Upcoming</span>}
        {phase === 'past' && <span className="badge badge--warning">Ended</span>}
      </div>
      <p className="live-thread__when">{formatSpan(s.starts_at, s.ends_at)}</p>
      {s.body_html && <RichHtml className="live-thread__description" html={s.body_html} />}
      {s.meeting_url && phase !== 'past' && (
        <p>
          <MeetingLink url={s.meeting_url} />
        </p>
      )}
      <p
        className={`live-thread__connection live-thread__connection--${view.connection}`}
        role="status"
        data-state={view.connection}
      >
        {status}
      </p>
      {view.messages.length === 0 ? (
        <p className="live-thread__empty">No messages yet.{open ? ' Ask the first question.' : ''}</p>
      ) : (
        <ol
          ref={list}
          className="live-messages"
          aria-label="Messages"
          tabIndex={0}
          onScroll={(e) => {
            const el = e.currentTarget;
            nearBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
          }}
        >
          {view.messages.map((m) => (
            <MessageItem
              key={m.client_id}
              message={m}
              mine={m.author_id === userId}
              canModerate={detail.can_moderate}
              thread={thread}
              now={now}
            />
          ))}
        </ol>
      )}
      {open && (
        <Composer
          draftKey={`pathbuilder.live-draft.${userId}.${s.id}`}
          onSend={(text) => {
            nearBottom.current = true;
            thread.send(text);
          }}
        />
      )}
    </section>
  );
}
