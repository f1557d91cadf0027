import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import {
  SUPPORT_CATEGORY_LABELS,
  SUPPORT_LIMITS,
  type SupportMessage,
  type SupportTicketDetail,
} from '../../../../shared/contracts/support.ts';
import { ListBody } from '../../../components/list-kit/index.ts';
import { showToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-async.ts';
import { replyToTicket, setTicketStatus } from '../support.api.ts';
import { formatWhen } from '../support-format.ts';
import { useTicket } from '../use-support.ts';
import { TextAreaField } from '../../../components/form-field.tsx';
import { StatusBadge } from './status-badge.tsx';

/** One ticket's conversation, with a reply box; staff also close or reopen it. */
export function TicketThread({ id, onChanged }: { id: number; onChanged: () => void }) {
  const loaded = useTicket(id);
  // The answer of the last reply or status change, newer than what was loaded.
  const [latest, setLatest] = useState<SupportTicketDetail | null>(null);
  const ticket = latest?.id === id ? latest : loaded.data;

  const changed = (next: SupportTicketDetail) => {
    setLatest(next);
    onChanged();
  };

  return (
    <section className="card support-thread" aria-labelledby="support-thread-title">
      <Link to={{ search: '' }} className="support-thread__back">
        Back to all requests
      </Link>
      {/* A reply's answer is newer than the loaded ticket: it is what the conversation shows. */}
      <ListBody load={{ ...loaded, data: ticket }}>
        {(shown) => <Conversation key={shown.id} ticket={shown} onChanged={changed} />}
      </ListBody>
    </section>
  );
}

function Conversation({
  ticket,
  onChanged,
}: {
  ticket: SupportTicketDetail;
  onChanged: (next: SupportTicketDetail) => void;
}) {
  const [message, setMessage] = useState('');
  const reply = useAction(replyToTicket);
  const status = useAction(setTicketStatus);
  const replyError = reply.error !== null && !reply.fieldErrors.message ? errorMessage(reply.error) : null;

  const onReply = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await reply.run(ticket.id, message);
    if (!result.ok) return;
    setMessage('');
    onChanged(result.value);
  };
  const onStatus = async (next: 'open' | 'closed') => {
    const result = await status.run(ticket.id, next);
    if (result.ok) {
      showToast({
        message: next === 'closed' ? 'The request is closed.' : 'The request is open again.',
        type: 'success',
      });
      onChanged(result.value);
    } else {
      showToast({ message: errorMessage(result.error), type: 'error' });
    }
  };

  return (
    <>
      <div className="support-thread__head">
        <h2 id="support-thread-title" className="card__title">
          {ticket.subject}
        </h2>
        <StatusBadge status={ticket.status} />
      </div>
      <p className="support__muted">
        {SUPPORT_CATEGORY_LABELS[ticket.category]} · opened {formatWhen(ticket.created_at)} by{' '}
        {ticket.user_name}
        {ticket.can_manage && ` (${ticket.user_email}${ticket.school_name ? `, ${ticket.school_name}` : ''})`}
      </p>
      <ol className="support-messages" aria-label="Conversation">
        {ticket.messages.map((m) => (
          <MessageItem key={m.id} message={m} />
        ))}
      </ol>
      <form className="form support-thread__reply" onSubmit={(e) => void onReply(e)} noValidate>
        {replyError && (
          <div className="form-message form-message--error" role="alert">
            {replyError}
          </div>
        )}
        <TextAreaField
          className="support-message-field"
          label={ticket.can_manage ? 'Your reply' : 'Write a message'}
          name="message"
          value={message}
          onChange={setMessage}
          maxLength={SUPPORT_LIMITS.message}
          rows={4}
          hint={
            ticket.status === 'closed' && !ticket.can_manage
              ? 'This request is closed. Writing again opens it again.'
              : undefined
          }
          errors={reply.fieldErrors.message}
        />
        <div className="support-thread__actions">
          <button type="submit" className="button" disabled={reply.pending}>
            {reply.pending ? 'Sending...' : 'Send'}
          </button>
          {ticket.can_manage &&
            (ticket.status === 'closed' ? (
              <button
                type="button"
                className="button button--secondary"
                disabled={status.pending}
                onClick={() => void onStatus('open')}
              >
                Reopen
              </button>
            ) : (
              <button
                type="button"
                className="button button--secondary"
                disabled={status.pending}
                onClick={() => void onStatus('closed')}
              >
                Close request
              </button>
            ))}
        </div>
      </form>
    </>
  );
}

function MessageItem({ message: m }: { message: SupportMessage }) {
  const who = m.mine ? 'You' : (m.author_name ?? 'A former user');
  return (
    <li className={`support-message${m.from_staff ? ' support-message--staff' : ''}`}>
      <p className="support-message__meta">
        <strong>{who}</strong>
        {m.from_staff && !m.mine && ' (support)'} ·{' '}
        <time dateTime={m.created_at}>{formatWhen(m.created_at)}</time>
      </p>
      {/* Plain text, as typed: React renders it as text, and the CSS keeps its line breaks. */}
      <p className="support-message__body">{m.body}</p>
    </li>
  );
}
