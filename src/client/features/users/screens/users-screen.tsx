import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { USER_SORTS } from '../../../../shared/contracts/admin-users.ts';
import type { ImportUsersResult, Role, UserSort } from '../../../../shared/contracts/admin-users.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Loading } from '../../../components/loading.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { roleOf, useAuth } from '../../../shell/session.ts';
import { UserFiltersBar } from '../components/user-filters.tsx';
import { UsersCsvButtons, UsersCsvHelp, UsersImportReport } from '../components/users-csv.tsx';
import { Pager, UsersTable } from '../components/users-table.tsx';
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

function paramsFrom(filters: UserFilters, page: number): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params[key] = String(value);
  }
  if (page > 1) params.page = String(page);
  return params;
}

/** Manage Users: admins see everyone; a teacher sees and manages the students of their schools. */
export default function UsersScreen() {
  const { user } = useAuth();
  const isAdmin = roleOf(user) === 'admin';
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useUserPage(filters, page);
  const places = usePlaces(isAdmin);
  usePageReady({ loading: list.loading && !list.data, error: list.error });
  const [report, setReport] = useState<ImportUsersResult | null>(null);
  const filtered = Object.keys(filters).some((k) => k !== 'sort');

  return (
    <div className="screen users-screen">
      <div className="screen__header">
        <PageTitle>Manage Users</PageTitle>
        <div className="users-toolbar">
          <UsersCsvButtons
            filters={filters}
            onImported={(result) => {
              setReport(result);
              list.reload();
            }}
          />
          <Link className="button" to={PATHS.adminUser()}>
            New user
          </Link>
        </div>
      </div>
      {!isAdmin && <p className="users-note">You see and manage the students of your schools.</p>}
      <UsersCsvHelp />
      {report && <UsersImportReport result={report} onClose={() => setReport(null)} />}
      <OfflineStamp updatedAt={list.updatedAt} saved={list.saved} />
      <section className="card" aria-label="Users">
        <UserFiltersBar
          filters={filters}
          schools={places.data?.schools ?? []}
          isAdmin={isAdmin}
          onChange={(next) => setParams(paramsFrom(next, 1), { replace: true })}
        />
        {list.error ? (
          <div role="alert" className="users-error">
            <p>{errorMessage(list.error)}</p>
            <button type="button" className="button button--secondary" onClick={list.reload}>
              Try again
            </button>
          </div>
        ) : !list.data ? (
          <Loading variant="centered" />
        ) : list.data.data.length === 0 ? (
          <EmptyState
            title="No users found"
            text={
              filtered
                ? 'No user matches these filters.'
                : 'There are no users yet. Add one or import a CSV file.'
            }
          />
        ) : (
          <>
            <UsersTable
              users={list.data.data}
              sort={filters.sort ?? 'name'}
              onSort={(sort) => setParams(paramsFrom({ ...filters, sort }, 1), { replace: true })}
            />
            <Pager
              page={list.data.page}
              perPage={USERS_PER_PAGE}
              total={list.data.total}
              onPage={(p) => setParams(paramsFrom(filters, p))}
            />
          </>
        )}
      </section>
    </div>
  );
}
