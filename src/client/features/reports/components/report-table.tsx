import { useState } from 'react';
import type { ReactNode } from 'react';
import type { ReportColumn } from '../../../../shared/report-tables.ts';
import { showToast } from '../../../components/toast.tsx';
import { errorMessage } from '../../../lib/http.ts';
import type { QueryParams } from '../../../lib/http.ts';
import { fetchReportCsv } from '../reports.api.ts';

/** Saves text as a file through a temporary link (the download the browser shows). */
function saveFile(text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export interface CsvSource {
  path: string;
  query: QueryParams;
  file: string;
}

/** "Download CSV": the export of the same query the table shows. */
export function CsvButton({ source, label }: { source: CsvSource; label: string }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      saveFile(await fetchReportCsv(source.path, source.query), source.file);
    } catch (error) {
      showToast({ title: 'Download failed', message: errorMessage(error), type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="button button--small button--secondary"
      disabled={busy}
      onClick={() => void onClick()}
      aria-label={`Download CSV: ${label}`}
    >
      {busy ? 'Preparing...' : 'Download CSV'}
    </button>
  );
}

/**
 * A report as a table: the shared columns draw the cells the CSV export writes. On a phone the table scrolls
 * sideways and keeps its first column in view.
 */
export function ReportTable<R>({
  title,
  columns,
  rows,
  rowKey,
  csv,
  empty,
  children,
  highlight,
}: {
  title: string;
  columns: ReportColumn<R>[];
  rows: R[];
  rowKey: (row: R) => string | number;
  csv: CsvSource;
  empty: string;
  /** Below the table: a pager. */
  children?: ReactNode;
  highlight?: (row: R) => boolean;
}) {
  return (
    <section className="card report" aria-label={title}>
      <div className="report__head">
        <h2 className="card__title">{title}</h2>
        {rows.length > 0 && <CsvButton source={csv} label={title} />}
      </div>
      {rows.length === 0 ? (
        <p className="report__empty">{empty}</p>
      ) : (
        <div className="report__scroll" tabIndex={0} role="region" aria-label={`${title} (scrolls sideways)`}>
          <table className="report-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.label} scope="col" className={c.numeric ? 'report-table__num' : undefined}>
                    {c.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={rowKey(r)} className={highlight?.(r) ? 'report-table__flagged' : undefined}>
                  {columns.map((c, i) =>
                    i === 0 ? (
                      <th key={c.label} scope="row" className={c.numeric ? 'report-table__num' : undefined}>
                        {c.cell(r)}
                      </th>
                    ) : (
                      <td key={c.label} className={c.numeric ? 'report-table__num' : undefined}>
                        {c.cell(r)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {children}
    </section>
  );
}

export function ReportPager({
  label,
  page,
  perPage,
  total,
  onPage,
}: {
  label: string;
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <nav className="report__pager" aria-label={`${label} pages`}>
      <span>
        {first}–{last} of {total} · page {page} of {pages}
      </span>
      <span className="report__pager-buttons">
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous page
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next page
        </button>
      </span>
    </nav>
  );
}

export function ReportError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="card report__error">
      <p>{errorMessage(error)}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
