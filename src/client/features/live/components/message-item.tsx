import { confirmDialog } from '../../../components/dialogs.tsx';
import { showToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { formatMessageTime } from '../live-format.ts';
import type { LiveThread, ThreadMessage } from '../live-thread.ts';

const STATUS_TEXT: Record<Exclude<ThreadMessage['status'], 'sent' | 'failed'>, string> = {
  sending: 'Sending…',
  waiting: 'Waiting for the connection: it will be sent when you are back online.',
};

/** One message: who and when, its text as typed (React renders it as text), or "Message removed". */
export function MessageItem({
  message: m,
  mine,
  canModerate,
  thread,
  now,
}: {
  message: ThreadMessage;
  mine: boolean;
  canModerate: boolean;
  thread: LiveThread;
  now: number;
}) {
  const who = mine ? 'You' : (m.author_name ?? 'A former user');
  const classes = [
    'live-message',
    mine && 'live-message--mine',
    m.author_is_staff && 'live-message--staff',
    m.deleted && 'live-message--removed',
    m.status !== 'sent' && `live-message--${m.status}`,
  ]
    .filter(Boolean)
    .join(' ');

  const onDelete = async () => {
    if (!(await confirmDialog('Delete this message? Everyone will see “Message removed” in its place.')))
      return;
    try {
      await thread.remove(m.id);
    } catch (error) {
      showToast({ message: errorMessage(error), type: 'error' });
    }
  };

  return (
    <li className={classes}>
      <p className="live-message__meta">
        <strong>{who}</strong>
        {m.author_is_staff && !mine && <span className="badge badge--info">Teacher</span>}
        <time dateTime={m.created_at}>{formatMessageTime(m.created_at, now)}</time>
      </p>
      {m.deleted ? (
        <p className="live-message__body live-message__body--removed">Message removed</p>
      ) : (
        <p className="live-message__body">{m.body}</p>
      )}
      {(m.status === 'sending' || m.status === 'waiting') && (
        <p className="live-message__status">{STATUS_TEXT[m.status]}</p>
      )}
      {m.status === 'failed' && (
        <div className="live-message__status live-message__status--error" role="alert">
          <p>Not sent: {m.error}</p>
          <button type="button" className="button button--small" onClick={() => thread.retry(m.client_id)}>
            Try again
          </button>
          <button
            type="button"
            className="button button--small button--secondary"
            onClick={() => thread.discard(m.client_id)}
          >
            Discard
          </button>
        </div>
      )}
      {canModerate && m.status === 'sent' && !m.deleted && (
        <button
          type="button"
          className="button button--small button--secondary live-message__delete"
          aria-label={`Delete the message by ${who}`}
          onClick={() => void onDelete()}
        >
          Delete
        </button>
      )}
    </li>
  );
}
