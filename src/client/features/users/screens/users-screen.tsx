import { useState } from 'react';
import { Link } from 'react-router-dom';
import { USER_SORTS } from '../../../../shared/contracts/admin-users.ts';
import type { ImportUsersResult, Role, UserSort } from '../../../../shared/contracts/admin-users.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { PagedList, useAddressList } from '../../../components/list-kit/index.ts';
import { roleOf, useAuth } from '../../../shell/session.ts';
import { UserFiltersBar } from '../components/user-filters.tsx';
import {
  UsersCsvButtons,
  UsersCsvHelp,
  UsersImportPreview,
  UsersImportReport,
  useUsersImport,
} from '../components/users-csv.tsx';
import { UsersTable } from '../components/users-table.tsx';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import type { UserFilters } from '../users.api.ts';
import '../users.css';
import { USERS_PER_PAGE, usePlaces, useUserPage } from '../use-users.ts';
import { PageTitle } from '../../../shell/page-title.tsx';

const ROLES: readonly Role[] = ['admin', 'teacher', 'student'];
const FLAGS = ['diagnostic', 'verified', 'active'] as const;

/** The filters live in the address, so coming back from a user shows the same page of the list. */
function filtersFrom(params: URLSearchParams): UserFilters {
  const filters: UserFilters = {};
  const search = params.get('search');
  if (search) filters.search = search;
  const role = params.get('role');
  if (role && (ROLES as readonly string[]).includes(role)) filters.role = role as Role;
  const school = Number(params.get('school_id'));
  if (Number.isInteger(school) && school > 0) filters.school_id = school;
  for (const key of FLAGS) {
    const v = params.get(key);
    if (v === '1' || v === '0') filters[key] = v;
  }
  const sort = params.get('sort');
  if (sort && (USER_SORTS as readonly string[]).includes(sort)) filters.sort = sort as UserSort;
  return filters;
}

/** Manage Users: admins see everyone; a teacher sees and manages the students of their schools. */
export default function UsersScreen() {
  const { user } = useAuth();
  const isAdmin = roleOf(user) === 'admin';
  const { filters, page, setFilters, setPage } = useAddressList(filtersFrom);
  const list = useUserPage(filters, page);
  const places = usePlaces(isAdmin);
  usePageReady({ loading: list.loading && !list.data, error: list.error });
  const [report, setReport] = useState<ImportUsersResult | null>(null);
  const filtered = Object.keys(filters).some((k) => k !== 'sort');
  const csvImport = useUsersImport((result) => {
    setReport(result);
    list.reload();
  });

  return (
    <div className="screen users-screen">
      <div className="screen__header">
        <PageTitle>Manage Users</PageTitle>
        <div className="users-toolbar">
          <UsersCsvButtons filters={filters} csvImport={csvImport} />
          <Link className="button" to={PATHS.adminUser()}>
            New user
          </Link>
        </div>
      </div>
      {!isAdmin && <p className="users-note">You see and manage the students of your schools.</p>}
      <UsersCsvHelp />
      <UsersImportPreview csvImport={csvImport} />
      {report && <UsersImportReport result={report} onClose={() => setReport(null)} />}
      <OfflineStamp updatedAt={list.updatedAt} saved={list.saved} />
      <section className="card" aria-label="Users">
        <UserFiltersBar
          filters={filters}
          schools={places.data?.schools ?? []}
          isAdmin={isAdmin}
          onChange={setFilters}
        />
        <PagedList
          load={list}
          errors="alert"
          errorClassName="users-error"
          perPage={USERS_PER_PAGE}
          label="Users"
          pagerClassName="users-pager"
          onPage={setPage}
          empty={
            <EmptyState
              title="No users found"
              text={
                filtered
                  ? 'No user matches these filters.'
                  : 'There are no users yet. Add one or import a CSV file.'
              }
            />
          }
        >
          {(rows) => (
            <UsersTable
              users={rows}
              sort={filters.sort ?? 'name'}
              onSort={(sort) => setFilters({ ...filters, sort })}
            />
          )}
        </PagedList>
      </section>
    </div>
  );
}
