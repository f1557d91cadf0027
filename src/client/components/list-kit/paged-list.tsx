import { useState } from 'react';
import type { ComponentProps, ReactNode } from 'react';
import { ListBody } from './list-body.tsx';
import { Pager } from './pager.tsx';
import { useDebounced } from './use-debounced.ts';

/** One page of a list as the API answers it. */
export interface ListPage<R> {
  data: R[];
  page: number;
  total: number;
}

/**
 * A paged list: its states (see ListBody), the rows (`children`) and the pager below them. The pager's
 * landmark is "<label> pages"; `pagerClassName` keeps a screen's own look.
 */
export function PagedList<R>({
  load,
  perPage,
  label,
  pagerClassName,
  onPage,
  children,
  ...states
}: Omit<ComponentProps<typeof ListBody<ListPage<R>>>, 'children' | 'isEmpty'> & {
  perPage: number;
  label: string;
  pagerClassName?: string;
  onPage: (page: number) => void;
  children: (rows: R[]) => ReactNode;
}) {
  return (
    <ListBody load={load} isEmpty={(data) => data.data.length === 0} {...states}>
      {(data) => (
        <>
          {children(data.data)}
          <Pager
            page={data.page}
            perPage={perPage}
            total={data.total}
            label={label}
            className={pagerClassName}
            onPage={onPage}
          />
        </>
      )}
    </ListBody>
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
