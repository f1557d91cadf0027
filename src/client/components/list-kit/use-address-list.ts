import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { listQuery, pageOf } from './url-query.ts';

/**
 * A list's filters and page kept in the address (see listQuery), so coming back to the list shows the same
 * page. `read` takes the filters back from the address (the feature knows which values are valid; keep it
 * stable, a module-level function). New filters replace the entry and start at page 1; another page is a new
 * entry, which Back returns from.
 */
export function useAddressList<F extends object>(read: (params: URLSearchParams) => F) {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => read(params), [read, params]);
  const page = pageOf(params);
  const setFilters = (next: F) => setParams(listQuery(next, 1), { replace: true });
  const setPage = (next: number) => setParams(listQuery(filters, next));
  return { filters, page, setFilters, setPage };
}
