import { Link } from 'react-router-dom';
import { PageTitle } from '../../../shell/page-title.tsx';
import { liveRoomPath } from '../../../shell/paths.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { showToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/http.ts';
import type { ContentItem } from '../../../../shared/contracts/content.ts';
import { AdminsOnly } from '../../../shell/admins-only.tsx';
import { roleOf, useAuth } from '../../../shell/session.ts';
import '../../../components/styles/back-office.css';
import { DataTable, SearchedList, useListSearch } from '../../../components/list-kit/index.ts';
import type { Column } from '../../../components/list-kit/index.ts';
import { deleteContentItem } from '../content.api.ts';
import { capital, CONTENT_NOUN, editPath } from '../content-kind.ts';
import type { ContentKind } from '../content-kind.ts';
import '../content.css';
import { CONTENT_PER_PAGE, useContentPage } from '../use-content.ts';

export type ContentScreenProps = { kind: ContentKind };

export default function ContentScreen({ kind }: ContentScreenProps) {
  const { user } = useAuth();
  if (kind === 'lecture' && roleOf(user) !== 'admin')
    return <AdminsOnly text="Only admins manage lectures." />;
  // Keyed: moving between /admin/lectures and /admin/videos starts a fresh list.
  return <ContentList key={kind} kind={kind} />;
}

const dateText = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';

function contentColumns(
  kind: ContentKind,
  remove: (item: ContentItem) => Promise<void>,
): Array<Column<ContentItem>> {
  return [
    {
      key: 'title',
      header: 'Title',
      cell: (item) => (
        <>
          <Link to={editPath(kind, item.id)}>{item.title}</Link>
          {item.summary && <div className="bo-table__muted content-list__summary">{item.summary}</div>}
        </>
      ),
    },
    {
      key: 'state',
      header: 'State',
      cell: (item) =>
        item.published ? (
          <span className="badge badge--success">Published</span>
        ) : (
          <span className="badge badge--warning">Draft</span>
        ),
    },
    {
      key: 'schools',
      header: 'Schools',
      cell: (item) => (item.school_names.length ? item.school_names.join(', ') : 'Every school'),
    },
    {
      key: 'topics',
      header: 'Topics',
      cell: (item) => (item.topics.length ? item.topics.map((t) => t.name).join(', ') : '—'),
    },
    {
      key: 'date',
      header: kind === 'live-discussion' ? 'Starts' : 'Updated',
      cell: (item) => dateText(kind === 'live-discussion' ? item.starts_at : item.updated_at),
    },
    {
      key: 'actions',
      header: <span className="visually-hidden">Actions</span>,
      cell: (item) => (
        <div className="bo-toolbar">
          <Link
            className="button button--small button--secondary"
            to={editPath(kind, item.id)}
            aria-label={`${item.can_edit ? 'Edit' : 'View'} ${item.title}`}
          >
            {item.can_edit ? 'Edit' : 'View'}
          </Link>
          {kind === 'live-discussion' && (
            <Link
              className="button button--small button--secondary"
              to={liveRoomPath(item.id)}
              aria-label={`Open room: ${item.title}`}
            >
              Open room
            </Link>
          )}
          {item.can_edit && (
            <button
              type="button"
              className="button button--small bo-danger"
              aria-label={`Delete ${item.title}`}
              onClick={() => void remove(item)}
            >
              Delete
            </button>
          )}
        </div>
      ),
    },
  ];
}

/** Every lecture, video or live discussion the caller manages: search, create, edit, delete. */
function ContentList({ kind }: ContentScreenProps) {
  const noun = CONTENT_NOUN[kind];
  const search = useListSearch();
  const list = useContentPage(kind, search.page, search.query);
  usePageReady({ loading: list.loading && !list.data, error: list.error });

  const remove = async (item: ContentItem) => {
    if (!(await confirmDialog(`Delete the ${noun.one} "${item.title}"? This cannot be undone.`))) return;
    try {
      await deleteContentItem(kind, item.id);
      showToast({ message: `The ${noun.one} was deleted.`, type: 'success' });
      list.reload();
    } catch (error) {
      showToast({ title: 'Not deleted', message: errorMessage(error), type: 'error' });
    }
  };

  return (
    <div className="screen bo-wide content-screen">
      <div className="screen__header">
        <PageTitle>Manage {capital(noun.many)}</PageTitle>
        <Link className="button" to={editPath(kind)}>
          New {noun.one}
        </Link>
      </div>
      <OfflineStamp updatedAt={list.updatedAt} saved={list.saved} />
      <SearchedList
        label={capital(noun.many)}
        noun={noun}
        search={search}
        load={list}
        perPage={CONTENT_PER_PAGE}
      >
        {(rows) => (
          <DataTable
            columns={contentColumns(kind, remove)}
            rows={rows}
            rowKey={(item) => item.id}
            caption={capital(noun.many)}
            className="bo-table"
            wrap={{ className: 'bo-table-wrap' }}
          />
        )}
      </SearchedList>
    </div>
  );
}
