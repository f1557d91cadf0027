import type { SelectQueryBuilder } from 'kysely';

/**
 * A LIKE pattern for "contains": the searcher's %, _ and \ are dropped, so nobody can widen a search into a
 * scan of everything. Lowercase it where the column is lowered (PostgreSQL's LIKE is case-sensitive).
 */
export const containsPattern = (search: string) => `%${search.replace(/[%_\\]/g, '')}%`;

/** An id list for `in (...)` that is never empty: an empty list matches nothing, as `in (-1)` does. */
export const noneEmpty = (ids: number[]) => (ids.length ? ids : [-1]);

/** How many rows a filtered list has: the same query counted in the database, its own columns dropped. */
export async function countRows<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
): Promise<number> {
  const row = await q
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  // Kysely cannot name the alias through the generic builder; the query above selects `n` alone.
  return Number((row as { n: unknown }).n);
}

/**
 * One page of a filtered list and the whole list's count: counted first, then the page read in `order`
 * (the count needs no order, so it is left off there).
 */
export async function countedPage<DB, TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  order: (q: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, O>,
  at: { page: number; perPage: number },
): Promise<{ rows: O[]; total: number }> {
  const total = await countRows(q);
  const rows = await order(q)
    .limit(at.perPage)
    .offset((at.page - 1) * at.perPage)
    .execute();
  return { rows, total };
}
