/**
 * A list's filters and page as the address's query: empty filters and page 1 are left out, so the plain
 * address is the unfiltered first page. Reading them back is the feature's (it knows which values are valid).
 */
export function listQuery(filters: object, page: number): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') params[key] = String(value);
  }
  if (page > 1) params.page = String(page);
  return params;
}

/** The `page` of the address; missing or below 1, the first page. */
export function pageOf(params: URLSearchParams): number {
  return Math.max(1, Number(params.get('page')) || 1);
}
