import { Link } from 'react-router-dom';
import type { AdminUser, UserSort } from '../../../../shared/contracts/admin-users.ts';
import { PATHS } from '../../../shell/paths.ts';
import { DataTable } from '../../../components/list-kit/index.ts';
import type { Column } from '../../../components/list-kit/index.ts';

const ROLE_LABELS = { admin: 'Admin', teacher: 'Teacher', student: 'Student' } as const;

const date = (iso: string) => new Date(iso).toLocaleDateString();

/** When a student's device last delivered answers: "Never" tells staff nothing has arrived at all. */
export function lastSyncedText(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';
}

const lastSyncedCell = (u: AdminUser) =>
  u.role === 'student' ? (
    u.last_synced_at ? (
      <time dateTime={u.last_synced_at}>{lastSyncedText(u.last_synced_at)}</time>
    ) : (
      lastSyncedText(null)
    )
  ) : (
    '—'
  );

const COLUMNS: Array<Column<AdminUser>> = [
  {
    key: 'name',
    header: 'Name',
    sortable: true,
    cell: (u) => (
      <>
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
      </>
    ),
  },
  { key: 'email', header: 'Email', sortable: true, cell: (u) => u.email },
  { key: 'role', header: 'Role', cell: (u) => ROLE_LABELS[u.role] },
  { key: 'school', header: 'School', cell: (u) => u.school_name ?? '—' },
  {
    key: 'status',
    header: 'Status',
    cell: (u) => (
      <span className="users-badges">
        {!u.is_active && <span className="badge badge--warning">Deactivated</span>}
        {!u.email_verified && <span className="badge badge--info">Not verified</span>}
        {u.role === 'student' && u.taken_diagnostics === 1 && (
          <span className="badge badge--success">Diagnostic taken</span>
        )}
      </span>
    ),
  },
  { key: 'synced', header: 'Last synced', cell: lastSyncedCell },
  { key: 'created_at', header: 'Created', sortable: true, cell: (u) => date(u.created_at) },
];

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
    <DataTable
      columns={COLUMNS}
      rows={users}
      rowKey={(u) => u.id}
      rowProps={(u) => ({ className: u.is_active ? undefined : 'users-table__inactive' })}
      caption="Users"
      className="users-table"
      wrap={{ className: 'users-table-wrap' }}
      // The sortable columns' keys are the sorts the server knows.
      sorting={{ sort, onSort: (next) => onSort(next as UserSort), className: 'users-sort' }}
    />
  );
}
