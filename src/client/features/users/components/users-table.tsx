import { Link } from 'react-router-dom';
import type { AdminUser, UserSort } from '../../../../shared/contracts/admin-users.ts';
import { PATHS } from '../../../shell/paths.ts';

const ROLE_LABELS = { admin: 'Admin', teacher: 'Teacher', student: 'Student' } as const;

type SortKey = 'name' | 'email' | 'created_at';

/** A column header that sorts by its column: ascending first, then descending; aria-sort says which. */
function SortHeader({
  label,
  column,
  sort,
  onSort,
}: {
  label: string;
  column: SortKey;
  sort: UserSort;
  onSort: (sort: UserSort) => void;
}) {
  const current = sort === column ? 'ascending' : sort === `-${column}` ? 'descending' : 'none';
  const next: UserSort = current === 'ascending' ? `-${column}` : column;
  return (
    <th scope="col" aria-sort={current}>
      <button type="button" className="users-sort" onClick={() => onSort(next)}>
        {label}
        <span aria-hidden="true" className="users-sort__arrow">
          {current === 'ascending' ? '▲' : current === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

const date = (iso: string) => new Date(iso).toLocaleDateString();

/** When a student's device last delivered answers: "Never" tells staff nothing has arrived at all. */
export function lastSyncedText(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';
}

export function UsersTable({
  users,
  sort,
  onSort,
}: {
  users: AdminUser[];
  sort: UserSort;
  onSort: (sort: UserSort) => void;
}) {
  return (
    <div className="users-table-wrap">
      <table className="users-table">
        <caption className="visually-hidden">Users</caption>
        <thead>
          <tr>
            <SortHeader label="Name" column="name" sort={sort} onSort={onSort} />
            <SortHeader label="Email" column="email" sort={sort} onSort={onSort} />
            <th scope="col">Role</th>
            <th scope="col">School</th>
            <th scope="col">Status</th>
            <th scope="col">Last synced</th>
            <SortHeader label="Created" column="created_at" sort={sort} onSort={onSort} />
          </tr>
        </thead>
        <tbody>
          {users.map((u) => (
            <tr key={u.id} className={u.is_active ? undefined : 'users-table__inactive'}>
              <td>
                <Link to={PATHS.adminUser(u.id)}>{u.full_name}</Link>
                {u.role === 'student' && (
                  <Link
                    className="users-table__profile"
                    to={PATHS.adminLearningProfile(u.id)}
                    aria-label={`Learning profile of ${u.full_name}`}
                  >
                    Learning profile
                  </Link>
                )}
              </td>
              <td>{u.email}</td>
              <td>{ROLE_LABELS[u.role]}</td>
              <td>{u.school_name ?? '—'}</td>
              <td>
                <span className="users-badges">
                  {!u.is_active && <span className="badge badge--warning">Deactivated</span>}
                  {!u.email_verified && <span className="badge badge--info">Not verified</span>}
                  {u.role === 'student' && u.taken_diagnostics === 1 && (
                    <span className="badge badge--success">Diagnostic taken</span>
                  )}
                </span>
              </td>
              <td>
                {u.role === 'student' ? (
                  u.last_synced_at ? (
                    <time dateTime={u.last_synced_at}>{lastSyncedText(u.last_synced_at)}</time>
                  ) : (
                    lastSyncedText(null)
                  )
                ) : (
                  '—'
                )}
              </td>
              <td>{date(u.created_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function Pager({
  page,
  perPage,
  total,
  onPage,
}: {
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <nav className="users-pager" aria-label="Users pages">
      <span>
        {first}–{last} of {total} · page {page} of {pages}
      </span>
      <span className="users-pager__buttons">
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous page
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next page
        </button>
      </span>
    </nav>
  );
}
