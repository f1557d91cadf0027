import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageTitle } from '../../../shell/page-title.tsx';
import { usePageReady } from '../../../shell/page-load.tsx';
import { confirmDialog } from '../../../components/dialogs.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { TextField } from '../../../components/form-field.tsx';
import { Loading } from '../../../components/loading.tsx';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { showToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/http.ts';
import type { ContentItem } from '../../../../shared/contracts/content.ts';
import { roleOf, useAuth } from '../../../shell/session.ts';
import '../../questions/back-office.css';
import { Pager } from '../../questions/components/question-table.tsx';
import { useDebounced } from '../../questions/use-questions.ts';
import { deleteContentItem } from '../content.api.ts';
import { capital, CONTENT_NOUN, editPath } from '../content-kind.ts';
import type { ContentKind } from '../content-kind.ts';
import '../content.css';
import { CONTENT_PER_PAGE, useContentPage } from '../use-content.ts';

export type ContentScreenProps = { kind: ContentKind };

export default function ContentScreen({ kind }: ContentScreenProps) {
  const { user } = useAuth();
  if (kind === 'lecture' && roleOf(user) !== 'admin') return <AdminsOnly />;
  // Keyed: moving between /admin/lectures and /admin/videos starts a fresh list.
  return <ContentList key={kind} kind={kind} />;
}

function AdminsOnly() {
  usePageReady({ loading: false, error: null });
  return <EmptyState title="Admins only" text="Only admins manage lectures." />;
}

const dateText = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : '';

/** Every lecture, video or live discussion the caller manages: search, create, edit, delete. */
function ContentList({ kind }: ContentScreenProps) {
  const noun = CONTENT_NOUN[kind];
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(search.trim());
  const list = useContentPage(kind, page, query);
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
      <section className="card" aria-label={capital(noun.many)}>
        <TextField
          label={`Search ${noun.many}`}
          name="search"
          type="search"
          value={search}
          onChange={(v) => {
            setSearch(v);
            setPage(1);
          }}
        />
        {!list.data ? (
          <Loading variant="centered" />
        ) : list.data.data.length === 0 ? (
          <EmptyState
            title={`No ${noun.many} found`}
            text={query ? `No ${noun.one} matches “${query}”.` : `Create the first ${noun.one}.`}
          />
        ) : (
          <>
            <div className="bo-table-wrap">
              <table className="bo-table">
                <caption className="visually-hidden">{capital(noun.many)}</caption>
                <thead>
                  <tr>
                    <th scope="col">Title</th>
                    <th scope="col">State</th>
                    <th scope="col">Schools</th>
                    <th scope="col">Topics</th>
                    <th scope="col">{kind === 'live-discussion' ? 'Starts' : 'Updated'}</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.data.data.map((item) => (
                    <tr key={item.id}>
                      <td>
                        <Link to={editPath(kind, item.id)}>{item.title}</Link>
                        {item.summary && (
                          <div className="bo-table__muted content-list__summary">{item.summary}</div>
                        )}
                      </td>
                      <td>
                        {item.published ? (
                          <span className="badge badge--success">Published</span>
                        ) : (
                          <span className="badge badge--warning">Draft</span>
                        )}
                      </td>
                      <td>{item.school_names.length ? item.school_names.join(', ') : 'Every school'}</td>
                      <td>{item.topics.length ? item.topics.map((t) => t.name).join(', ') : '—'}</td>
                      <td>{dateText(kind === 'live-discussion' ? item.starts_at : item.updated_at)}</td>
                      <td>
                        <div className="bo-toolbar">
                          <Link
                            className="button button--small button--secondary"
                            to={editPath(kind, item.id)}
                            aria-label={`${item.can_edit ? 'Edit' : 'View'} ${item.title}`}
                          >
                            {item.can_edit ? 'Edit' : 'View'}
                          </Link>
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
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pager
              page={list.data.page}
              perPage={CONTENT_PER_PAGE}
              total={list.data.total}
              label={capital(noun.many)}
              onPage={setPage}
            />
          </>
        )}
      </section>
    </div>
  );
}
