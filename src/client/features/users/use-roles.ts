import { useCallback } from 'react';
import type { School } from '../../../shared/contracts/lookups.ts';
import { useLoad } from '../../lib/use-async.ts';
import type { LoadState } from '../../lib/use-async.ts';
import { fetchAuditLog, fetchRoleUsers, fetchSchoolOptions } from './roles.api.ts';
import type { AuditPage, RoleUserPage } from './roles.api.ts';

export const ROLE_USERS_PER_PAGE = 20;
export const AUDIT_PER_PAGE = 20;

/** One page of users matching a search, with their roles and schools. */
export function useRoleUsers(search: string, page: number): LoadState<RoleUserPage> {
  const load = useCallback(
    (signal: AbortSignal) => fetchRoleUsers({ search, page, perPage: ROLE_USERS_PER_PAGE }, signal),
    [search, page],
  );
  return useLoad(load);
}

/** One page of the audit log, newest first. */
export function useAuditLog(page: number): LoadState<AuditPage> {
  const load = useCallback(
    (signal: AbortSignal) => fetchAuditLog({ page, perPage: AUDIT_PER_PAGE }, signal),
    [page],
  );
  return useLoad(load);
}

export function useSchoolOptions(): LoadState<School[]> {
  const load = useCallback((signal: AbortSignal) => fetchSchoolOptions(signal), []);
  return useLoad(load);
}
