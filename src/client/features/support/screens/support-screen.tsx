import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import {
  SUPPORT_STATUS_LABELS,
  type SupportStatus,
  type SupportTicketDetail,
} from '../../../../shared/contracts/support.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { ListBody } from '../../../components/list-kit/index.ts';
import { roleOf, useAuth } from '../../../shell/session.ts';
import { ContactForm } from '../components/contact-form.tsx';
import { FaqSection } from '../components/faq-section.tsx';
import { TicketList } from '../components/ticket-list.tsx';
import { TicketThread } from '../components/ticket-thread.tsx';
import { TICKETS_SHOWN, useTickets } from '../use-support.ts';
import '../support.css';
import { PageTitle } from '../../../shell/page-title.tsx';

function ticketParam(value: string | null): number | null {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * Support: the FAQ, a form that opens a ticket, and the caller's tickets. Staff (admins; teachers for their
 * schools' students) get their inbox here too, with reply and close: the spec's route table has no other
 * place for it. A notification's link (?ticket=id) opens that conversation.
 */
export default function SupportScreen() {
  const { user } = useAuth();
  const staff = roleOf(user) === 'admin' || roleOf(user) === 'teacher';
  const [params, setParams] = useSearchParams();
  const selected = ticketParam(params.get('ticket'));
  const [status, setStatus] = useState<SupportStatus | undefined>(staff ? 'open' : undefined);
  const [search, setSearch] = useState('');
  const tickets = useTickets({ status, search });
  // The FAQ and the form work without the list (offline, say): its failure is shown in place.
  usePageReady({ loading: tickets.loading && !tickets.data && tickets.error === null, error: null });

  const opened = (ticket: SupportTicketDetail) => {
    setParams({ ticket: String(ticket.id) });
    tickets.reload();
  };

  const list = (
    <TicketsSection
      staff={staff}
      tickets={tickets}
      selected={selected}
      status={status}
      onStatus={setStatus}
      onSearch={setSearch}
    />
  );
  return (
    <div className="screen support">
      <PageTitle>Support</PageTitle>
      <p className="support__intro">
        Answers to common questions, and a way to ask your own. Replies also arrive on your{' '}
        <Link to={PATHS.notifications}>Notifications</Link> page and by e-mail.
      </p>
      {selected !== null && <TicketThread key={selected} id={selected} onChanged={tickets.reload} />}
      {staff && list}
      <FaqSection />
      {!staff && list}
      <ContactForm onOpened={opened} />
    </div>
  );
}

function TicketsSection({
  staff,
  tickets,
  selected,
  status,
  onStatus,
  onSearch,
}: {
  staff: boolean;
  tickets: ReturnType<typeof useTickets>;
  selected: number | null;
  status: SupportStatus | undefined;
  onStatus: (status: SupportStatus | undefined) => void;
  onSearch: (search: string) => void;
}) {
  const [query, setQuery] = useState('');
  const title = staff ? 'Support inbox' : 'Your requests';
  const submitSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(query.trim());
  };
  const filters: Array<[string, SupportStatus | undefined]> = [
    ...(['open', 'answered', 'closed'] as const).map((s): [string, SupportStatus] => [
      SUPPORT_STATUS_LABELS[s],
      s,
    ]),
    ['All', undefined],
  ];
  return (
    <section className="card support-list" aria-labelledby="support-list-title">
      <h2 id="support-list-title" className="card__title">
        {title}
      </h2>
      {staff && (
        <>
          <p className="support__muted">
            Requests from the students of your schools (admins: everyone), and your own. A reply notifies and
            e-mails the student.
          </p>
          <div className="support-list__filters" role="group" aria-label="Show requests">
            {filters.map(([label, value]) => (
              <button
                key={label}
                type="button"
                className={`button button--small${status === value ? '' : ' button--secondary'}`}
                aria-pressed={status === value}
                onClick={() => onStatus(value)}
              >
                {label}
              </button>
            ))}
          </div>
          <form className="support-list__search" role="search" onSubmit={submitSearch}>
            <TextField
              label="Search by subject, name or e-mail"
              name="ticket-search"
              type="search"
              value={query}
              onChange={setQuery}
            />
            <button type="submit" className="button button--secondary button--small">
              Search
            </button>
          </form>
        </>
      )}
      <ListBody
        load={tickets}
        loading="inline"
        isEmpty={(data) => data.data.length === 0}
        empty={
          <EmptyState
            title={staff ? 'No requests here' : 'No requests yet'}
            text={
              staff
                ? 'Nothing matches this filter.'
                : 'Questions you send with the form below are listed here with their replies.'
            }
          />
        }
      >
        {(data) => (
          <>
            <TicketList tickets={data.data} selectedId={selected} staff={staff} />
            {data.total > data.data.length && (
              <p className="support__muted">
                Showing the {TICKETS_SHOWN} most recently active of {data.total} requests.
              </p>
            )}
          </>
        )}
      </ListBody>
    </section>
  );
}
