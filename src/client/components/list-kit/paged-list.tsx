import { useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { ListBody } from './list-body.tsx';
import { Pager, StepPager } from './pager.tsx';
import { useDebounced } from './use-debounced.ts';

/** One page of a list as the API answers it. */
export interface ListPage<R> {
  data: R[];
  page: number;
  total: number;
}

/** One page of a list the short pager walks through: the rows and how many there are in all. */
export interface StepPage<R> {
  data: R[];
  total: number;
}

type BodyProps<D> = Omit<ComponentProps<typeof ListBody<D>>, 'children' | 'isEmpty'>;

/** A page's rows (`children`) with a pager under them, in the list's states (see ListBody). */
function RowsAndPager<R, D extends { data: R[] }>({
  pager,
  children,
  ...body
}: BodyProps<D> & { pager: (data: D) => ReactNode; children: (rows: R[]) => ReactNode }) {
  return (
    <ListBody {...body} isEmpty={(data) => data.data.length === 0}>
      {(data) => (
        <>
          {children(data.data)}
          {pager(data)}
        </>
      )}
    </ListBody>
  );
}

/**
 * A paged list: its states (see ListBody), the rows (`children`) and the pager below them. The pager's
 * landmark is "<label> pages"; `pagerClassName` keeps a screen's own look.
 */
export function PagedList<R>({
  perPage,
  label,
  pagerClassName,
  onPage,
  ...list
}: BodyProps<ListPage<R>> & {
  perPage: number;
  label: string;
  pagerClassName?: string;
  onPage: (page: number) => void;
  children: (rows: R[]) => ReactNode;
}) {
  return (
    <RowsAndPager
      {...list}
      pager={(data) => (
        <Pager
          page={data.page}
          perPage={perPage}
          total={data.total}
          label={label}
          className={pagerClassName}
          onPage={onPage}
        />
      )}
    />
  );
}

/**
 * A list with the short pager under its rows ("Previous · Page 2 of 3 · Next", see StepPager), in the list's
 * states (see ListBody). `pager.note` follows the page count and may name the total.
 */
export function StepPagedList<R>({
  page,
  perPage,
  pager: { note, ...pager },
  onPage,
  ...list
}: BodyProps<StepPage<R>> & {
  page: number;
  perPage: number;
  pager: {
    ariaLabel: string;
    className: string;
    note?: (total: number) => string;
    previous?: string;
    next?: string;
  };
  onPage: (page: number) => void;
  children: (rows: R[]) => ReactNode;
}) {
  return (
    <RowsAndPager
      {...list}
      pager={(data) => (
        <StepPager
          page={page}
          perPage={perPage}
          total={data.total}
          note={note?.(data.total)}
          onPage={onPage}
          {...pager}
        />
      )}
    />
  );
}

/**
 * A search box's text and the page it shows: typing goes back to the first page, and `query` is the trimmed
 * text once typing pauses (what the API is asked for).
 */
export function useListSearch() {
  const [search, setText] = useState('');
  const [page, setPage] = useState(1);
  const query = useDebounced(search.trim());
  const setSearch = (text: string) => {
    setText(text);
    setPage(1);
  };
  return { search, setSearch, query, page, setPage };
}
