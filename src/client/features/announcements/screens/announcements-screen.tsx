import { useState } from 'react';
import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ANNOUNCEMENT_STATUSES,
  ANNOUNCEMENT_STATUS_LABELS,
  type Announcement,
  type AnnouncementStatus,
} from '../../../../shared/contracts/announcements.ts';
import { PageTitle } from '../../../shell/page-title.tsx';
import { usePageReady } from '../../../shell/page-load.tsx';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { Loading } from '../../../components/loading.tsx';
import { showToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { roleOf, useAuth } from '../../../shell/session.ts';
import { Pager } from '../../../components/list-kit/index.ts';
import { deleteAnnouncement } from '../announcements.api.ts';
import type { AnnouncementFilters } from '../announcements.api.ts';
import { AnnouncementForm } from '../components/announcement-form.tsx';
import { AnnouncementsTable } from '../components/announcements-table.tsx';
import { ANNOUNCEMENTS_PER_PAGE, useAnnouncementPage } from '../use-announcements.ts';
import '../../../components/styles/back-office.css';
import '../announcements.css';

/** The filters live in the address, so a reload or the back button shows the same page of the list. */
function filtersFrom(params: URLSearchParams): AnnouncementFilters {
  const status = params.get('status');
  return {
    search: params.get('search') || undefined,
    status: (ANNOUNCEMENT_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as AnnouncementStatus)
      : undefined,
  };
}

/** null: no form open; 'new': writing one; an announcement: changing it. */
type Editing = null | 'new' | Announcement;

/** Manage Announcements: admins see and manage all; a teacher writes for their schools and manages their own. */
export default function AnnouncementsScreen() {
  const { user } = useAuth();
  const isAdmin = roleOf(user) === 'admin';
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useAnnouncementPage(filters, page);
  usePageReady({ loading: list.loading && !list.data, error: list.error });
  const [editing, setEditing] = useState<Editing>(null);
  const [query, setQuery] = useState(filters.search ?? '');

  const go = (next: AnnouncementFilters, p = 1) => {
    const out: Record<string, string> = {};
    if (next.search) out.search = next.search;
    if (next.status) out.status = next.status;
    if (p > 1) out.page = String(p);
    setParams(out, { replace: p === 1 });
  };
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    go({ ...filters, search: query.trim() || undefined });
  };
  const saved = (a: Announcement) => {
    const what =
      editing !== 'new'
        ? 'Announcement saved.'
        : a.status === 'scheduled'
          ? 'Announcement scheduled.'
          : 'Announcement published.';
    showToast({ type: 'success', message: what });
    setEditing(null);
    list.reload();
  };
  const remove = async (a: Announcement) => {
    const sent = a.status !== 'scheduled';
    const ok = await confirmDialog(
      `Delete the announcement "${a.title}"?` +
        (sent ? ' The notifications already sent stay with their readers; they are not recalled.' : ''),
    );
    if (!ok) return;
    try {
      await deleteAnnouncement(a.id);
      showToast({ type: 'success', message: 'Announcement deleted.' });
      if (editing !== null && editing !== 'new' && editing.id === a.id) setEditing(null);
      list.reload();
    } catch (error) {
      showToast({ type: 'error', message: errorMessage(error) });
    }
  };

  const filtered = Boolean(filters.search || filters.status);
  return (
    <div className="screen announcements bo-wide">
      <div className="screen__header">
        <PageTitle>Manage Announcements</PageTitle>
        {editing === null && (
          <button type="button" className="button" onClick={() => setEditing('new')}>
            New announcement
          </button>
        )}
      </div>
      <p className="bo-table__muted">
        {isAdmin
          ? 'Announcements reach everyone, some schools or one role: each person addressed gets a notification when it is published, and sees it on their dashboard until it expires.'
          : 'Your announcements reach the students (or teachers) of your schools: each gets a notification when it is published, and sees it on their dashboard until it expires.'}
      </p>
      {editing !== null && (
        <AnnouncementForm
          key={editing === 'new' ? 'new' : editing.id}
          announcement={editing === 'new' ? null : editing}
          isAdmin={isAdmin}
          onSaved={saved}
          onCancel={() => setEditing(null)}
        />
      )}
      <section className="card" aria-label="Announcements">
        <form className="announcements__search" role="search" onSubmit={search}>
          <TextField label="Search by title or author" name="search" value={query} onChange={setQuery} />
          <button type="submit" className="button button--secondary">
            Search
          </button>
        </form>
        <div className="bo-toolbar" role="group" aria-label="Show announcements">
          {([undefined, ...ANNOUNCEMENT_STATUSES] as const).map((s) => (
            <button
              key={s ?? 'all'}
              type="button"
              aria-pressed={filters.status === s}
              className={`button button--small${filters.status === s ? '' : ' button--secondary'}`}
              onClick={() => go({ ...filters, status: s })}
            >
              {s ? ANNOUNCEMENT_STATUS_LABELS[s] : 'All'}
            </button>
          ))}
        </div>
        {list.error ? (
          <div role="alert">
            <p>{errorMessage(list.error)}</p>
            <button type="button" className="button button--secondary" onClick={list.reload}>
              Try again
            </button>
          </div>
        ) : !list.data ? (
          <Loading variant="centered" />
        ) : list.data.data.length === 0 ? (
          <EmptyState
            title="No announcements"
            text={filtered ? 'No announcement matches these filters.' : 'Nothing has been announced yet.'}
          />
        ) : (
          <>
            <AnnouncementsTable items={list.data.data} onEdit={setEditing} onDelete={(a) => void remove(a)} />
            <Pager
              page={list.data.page}
              perPage={ANNOUNCEMENTS_PER_PAGE}
              total={list.data.total}
              label="Announcements"
              onPage={(p) => go(filters, p)}
            />
          </>
        )}
      </section>
    </div>
  );
}
