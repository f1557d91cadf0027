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

/** What both paged lists take: the list's states (see ListBody), its page size, where a page click goes, the rows. */
type PagedProps<R, D> = BodyProps<D> & {
  perPage: number;
  onPage: (page: number) => void;
  children: (rows: R[]) => ReactNode;
};

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
}: PagedProps<R, ListPage<R>> & { label: string; pagerClassName?: string }) {
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
}: PagedProps<R, StepPage<R>> & {
  page: number;
  pager: {
    ariaLabel: string;
    className: string;
    note?: (total: number) => string;
    previous?: string;
    next?: string;
  };
}) {
  const stepper = ({ total }: StepPage<R>) => (
    <StepPager page={page} perPage={perPage} total={total} note={note?.(total)} onPage={onPage} {...pager} />
  );
  return <RowsAndPager {...list} pager={stepper} />;
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
