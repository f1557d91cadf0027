import { Link } from 'react-router-dom';
import { SUPPORT_CATEGORY_LABELS, type SupportTicket } from '../../../../shared/contracts/support.ts';
import { formatWhen } from '../support-format.ts';
import { StatusBadge } from './status-badge.tsx';

/** Tickets, most recently active first; each opens its conversation (?ticket=id, as notifications link). */
export function TicketList({
  tickets,
  selectedId,
  staff,
}: {
  tickets: SupportTicket[];
  selectedId: number | null;
  /** Staff see whose ticket it is. */
  staff: boolean;
}) {
  return (
    <ul className="support-tickets">
      {tickets.map((t) => (
        <li key={t.id} className={`support-ticket${t.id === selectedId ? ' support-ticket--selected' : ''}`}>
          <div className="support-ticket__main">
            <Link
              to={{ search: `?ticket=${t.id}` }}
              className="support-ticket__subject"
              aria-current={t.id === selectedId ? 'true' : undefined}
            >
              {t.subject}
            </Link>
            <p className="support__muted support-ticket__meta">
              {staff && (
                <>
                  {t.user_name} ({t.user_email}){t.school_name ? `, ${t.school_name}` : ''} ·{' '}
                </>
              )}
              {SUPPORT_CATEGORY_LABELS[t.category]} · {t.message_count}{' '}
              {t.message_count === 1 ? 'message' : 'messages'} · last activity {formatWhen(t.updated_at)}
            </p>
          </div>
          <StatusBadge status={t.status} />
        </li>
      ))}
    </ul>
  );
}
