import { useState } from 'react';
import { usePageReady } from '../../../shell/page-load.tsx';
import { DataTable, ListBody, SearchForm, StepPager } from '../../../components/list-kit/index.ts';
import type { Column } from '../../../components/list-kit/index.ts';
import type { AdminUser } from '../../../../shared/contracts/admin-users.ts';
import type { School } from '../../../../shared/contracts/lookups.ts';
import { AdminsOnly } from '../../../shell/admins-only.tsx';
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
  if (roleOf(user) !== 'admin')
    return <AdminsOnly text="Only admins grant and remove the admin and teacher roles." />;
  return <RolesManager me={user?.id ?? null} />;
}

const rolesOf = (u: AdminUser) =>
  [u.is_admin === 1 && 'Admin', u.is_teacher === 1 && 'Teacher'].filter(Boolean).join(', ') || 'Student';

function RolesManager({ me }: { me: number | null }) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [auditPage, setAuditPage] = useState(1);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const users = useRoleUsers(search, page);
  const audit = useAuditLog(auditPage);
  const schools = useSchoolOptions();
  usePageReady({ loading: users.loading && !users.data, error: users.error });

  const schoolList: School[] = schools.data ?? [];
  const schoolNames = (ids: number[]) =>
    ids.map((id) => schoolList.find((s) => s.id === id)?.name ?? `School ${id}`).join(', ');
  const columns: Array<Column<AdminUser>> = [
    {
      key: 'user',
      header: 'User',
      cell: (u) => (
        <>
          {u.full_name}
          <div className="roles__muted">{u.email}</div>
        </>
      ),
    },
    { key: 'roles', header: 'Roles', cell: rolesOf },
    {
      key: 'schools',
      header: 'Teaches at',
      cell: (u) => (u.is_teacher === 1 ? schoolNames(u.teacher_school_ids) || 'No school' : '—'),
    },
    {
      key: 'change',
      header: <span className="visually-hidden">Change</span>,
      cell: (u) => (
        <button
          type="button"
          className="button button--small button--secondary"
          aria-label={`Change roles of ${u.full_name}`}
          onClick={() => setEditing(u)}
        >
          Change roles
        </button>
      ),
    },
  ];

  return (
    <div className="screen roles-screen">
      <PageTitle>Manage Users Role</PageTitle>
      <section className="card" aria-labelledby="roles-users-title">
        <h2 id="roles-users-title">Users</h2>
        <SearchForm
          id="roles-search"
          className="roles__search"
          label="Search users"
          placeholder="Search by name or e-mail"
          onSearch={(text) => {
            setSearch(text);
            setPage(1);
          }}
        />
        <ListBody
          load={users}
          isEmpty={(data) => data.data.length === 0}
          empty={<p className="roles__muted">No user matches “{search}”.</p>}
        >
          {(data) => (
            <DataTable
              columns={columns}
              rows={data.data}
              rowKey={(u) => u.id}
              rowProps={(u) => ({ 'aria-current': editing?.id === u.id ? 'true' : undefined })}
              caption="Users and their roles"
              className="roles__table"
              wrap={{ className: 'roles__table-wrap' }}
            />
          )}
        </ListBody>
        {users.data && (
          <StepPager
            page={page}
            perPage={ROLE_USERS_PER_PAGE}
            total={users.data.total}
            ariaLabel="Pages of users"
            className="roles__pager"
            onPage={setPage}
          />
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
