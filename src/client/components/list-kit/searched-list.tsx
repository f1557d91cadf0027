import type { ReactNode } from 'react';
import { EmptyState } from '../empty-state.tsx';
import { TextField } from '../form-field.tsx';
import type { ListPage, useListSearch } from './paged-list.tsx';
import { PagedList } from './paged-list.tsx';

/**
 * A card with a search box over a paged list of one kind of thing (quizzes, lectures): the box searches as
 * the user types (see useListSearch), and an empty page says whether the search found nothing or there is
 * nothing yet. `searchClassName` wraps the box when the screen lays it out.
 */
export function SearchedList<R>({
  label,
  noun,
  search: { search, setSearch, query, setPage },
  load,
  perPage,
  searchClassName,
  children,
}: {
  /** The card's and the table's name, and the pager's ("<label> pages"). */
  label: string;
  noun: { one: string; many: string };
  search: ReturnType<typeof useListSearch>;
  load: { data: ListPage<R> | undefined; error: unknown; reload: () => void };
  perPage: number;
  searchClassName?: string;
  children: (rows: R[]) => ReactNode;
}) {
  const box = (
    <TextField
      label={`Search ${noun.many}`}
      name="search"
      type="search"
      value={search}
      onChange={setSearch}
    />
  );
  return (
    <section className="card" aria-label={label}>
      {searchClassName ? <div className={searchClassName}>{box}</div> : box}
      <PagedList
        load={load}
        errors="none"
        perPage={perPage}
        label={label}
        onPage={setPage}
        empty={
          <EmptyState
            title={`No ${noun.many} found`}
            text={query ? `No ${noun.one} matches “${query}”.` : `Create the first ${noun.one}.`}
          />
        }
      >
        {children}
      </PagedList>
    </section>
  );
}
