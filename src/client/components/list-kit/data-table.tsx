import type { HTMLAttributes, ReactNode } from 'react';

/** One column: its header and how a row fills its cell. */
export interface Column<R> {
  /** Unique in the table (React's key). */
  key: string;
  header: ReactNode;
  cell: (row: R) => ReactNode;
  /** The class of both the header and the cells. */
  className?: string;
  /** A `<th scope="row">` rather than a `<td>` (the first column of a report). */
  rowHeader?: boolean;
  /** Sorts by this column: ascending first, then descending (`-key`). */
  sortable?: boolean;
}

/** The current sort ("name" ascending, "-name" descending) and where a click on a sortable header goes. */
export interface TableSort {
  sort: string;
  onSort: (sort: string) => void;
  /** The header button's class; its arrow is `<className>__arrow`. */
  className: string;
}

/** A column header that sorts by its column: ascending first, then descending; aria-sort says which. */
function SortHeader({ label, column, sorting }: { label: ReactNode; column: string; sorting: TableSort }) {
  const { sort, onSort, className } = sorting;
  const current = sort === column ? 'ascending' : sort === `-${column}` ? 'descending' : 'none';
  const next = current === 'ascending' ? `-${column}` : column;
  return (
    <th scope="col" aria-sort={current}>
      <button type="button" className={className} onClick={() => onSort(next)}>
        {label}
        <span aria-hidden="true" className={`${className}__arrow`}>
          {current === 'ascending' ? '▲' : current === 'descending' ? '▼' : '↕'}
        </span>
      </button>
    </th>
  );
}

/**
 * Rows as a table inside its wrapper (which scrolls on a phone). The feature passes the columns; the caption is
 * for screen readers only.
 */
export function DataTable<R>({
  columns,
  rows,
  rowKey,
  rowProps,
  caption,
  className,
  wrap,
  sorting,
}: {
  columns: ReadonlyArray<Column<R>>;
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** A row's own attributes (a class for a flagged row, aria-current for the one being edited). */
  rowProps?: (row: R) => HTMLAttributes<HTMLTableRowElement>;
  caption?: string;
  className: string;
  /** The wrapper's attributes: at least its class. */
  wrap: HTMLAttributes<HTMLDivElement>;
  sorting?: TableSort;
}) {
  return (
    <div {...wrap}>
      <table className={className}>
        {caption !== undefined && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((c) =>
              c.sortable && sorting ? (
                <SortHeader key={c.key} label={c.header} column={c.key} sorting={sorting} />
              ) : (
                <th key={c.key} scope="col" className={c.className}>
                  {c.header}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)} {...rowProps?.(r)}>
              {columns.map((c) =>
                c.rowHeader ? (
                  <th key={c.key} scope="row" className={c.className}>
                    {c.cell(r)}
                  </th>
                ) : (
                  <td key={c.key} className={c.className}>
                    {c.cell(r)}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
