import { useState } from 'react';
import type { FormEvent } from 'react';
import { usePageReady } from '../../../shell/page-load.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Loading } from '../../../components/loading.tsx';
import type { AdminUser } from '../../../../shared/contracts/admin-users.ts';
import type { School } from '../../../../shared/contracts/lookups.ts';
import { errorMessage } from '../../../lib/http.ts';
import { roleOf, useAuth } from '../../../shell/session.ts';
import { refreshUser } from '../../auth/index.ts';
import { AuditLogTable } from '../components/audit-log-table.tsx';
import { RoleEditor } from '../components/role-editor.tsx';
import '../roles.css';
import { ROLE_USERS_PER_PAGE, useAuditLog, useRoleUsers, useSchoolOptions } from '../use-roles.ts';
import { PageTitle } from '../../../shell/page-title.tsx';

/** Manage Users Role (admins only): find a user, grant or remove admin and teacher, and see who changed what. */
export default function UsersRoleScreen() {
  const { user } = useAuth();
  if (roleOf(user) !== 'admin') return <AdminsOnly />;
  return <RolesManager me={user?.id ?? null} />;
}

function AdminsOnly() {
  usePageReady({ loading: false, error: null });
  return <EmptyState title="Admins only" text="Only admins grant and remove the admin and teacher roles." />;
}

const rolesOf = (u: AdminUser) =>
  [u.is_admin === 1 && 'Admin', u.is_teacher === 1 && 'Teacher'].filter(Boolean).join(', ') || 'Student';

function RolesManager({ me }: { me: number | null }) {
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [auditPage, setAuditPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const users = useRoleUsers(search, page);
  const audit = useAuditLog(auditPage);
  const schools = useSchoolOptions();
  usePageReady({ loading: users.loading && !users.data, error: users.error });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSearch(draft.trim());
    setPage(1);
  };
  const data = users.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / ROLE_USERS_PER_PAGE)) : 1;
  const schoolList: School[] = schools.data ?? [];
  const schoolNames = (ids: number[]) =>
    ids.map((id) => schoolList.find((s) => s.id === id)?.name ?? `School ${id}`).join(', ');

  return (
    <div className="screen roles-screen">
      <PageTitle>Manage Users Role</PageTitle>
      <section className="card" aria-labelledby="roles-users-title">
        <h2 id="roles-users-title">Users</h2>
        <form className="roles__search" role="search" onSubmit={submit}>
          <label className="visually-hidden" htmlFor="roles-search">
            Search users
          </label>
          <input
            id="roles-search"
            className="field__input"
            type="search"
            placeholder="Search by name or e-mail"
            value={draft}
            maxLength={200}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="button button--secondary">
            Search
          </button>
        </form>
        {users.error !== null && !data ? (
          <div className="form-message form-message--error" role="alert">
            <p>{errorMessage(users.error)}</p>
            <button type="button" className="button button--small" onClick={users.reload}>
              Try again
            </button>
          </div>
        ) : !data ? (
          <Loading variant="centered" />
        ) : data.data.length === 0 ? (
          <p className="roles__muted">No user matches “{search}”.</p>
        ) : (
          <div className="roles__table-wrap">
            <table className="roles__table">
              <caption className="visually-hidden">Users and their roles</caption>
              <thead>
                <tr>
                  <th scope="col">User</th>
                  <th scope="col">Roles</th>
                  <th scope="col">Teaches at</th>
                  <th scope="col">
                    <span className="visually-hidden">Change</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.data.map((u) => (
                  <tr key={u.id} aria-current={editing?.id === u.id ? 'true' : undefined}>
                    <td>
                      {u.full_name}
                      <div className="roles__muted">{u.email}</div>
                    </td>
                    <td>{rolesOf(u)}</td>
                    <td>{u.is_teacher === 1 ? schoolNames(u.teacher_school_ids) || 'No school' : '—'}</td>
                    <td>
                      <button
                        type="button"
                        className="button button--small button--secondary"
                        aria-label={`Change roles of ${u.full_name}`}
                        onClick={() => setEditing(u)}
                      >
                        Change roles
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pages > 1 && (
          <nav className="roles__pager" aria-label="Pages of users">
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={page <= 1}
              onClick={() => setPage(page - 1)}
            >
              Previous
            </button>
            <span>
              Page {page} of {pages}
            </span>
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={page >= pages}
              onClick={() => setPage(page + 1)}
            >
              Next
            </button>
          </nav>
        )}
      </section>
      {editing && (
        <RoleEditor
          key={editing.id}
          user={editing}
          me={me}
          schools={schoolList}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            // Removing one's own admin role: the menu follows at once (the server already refuses).
            if (saved.id === me) void refreshUser();
            setEditing(null);
            users.reload();
            setAuditPage(1);
            audit.reload();
          }}
        />
      )}
      <AuditLogTable log={audit} page={auditPage} onPage={setAuditPage} />
    </div>
  );
}
