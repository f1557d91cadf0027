import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ReactNode } from 'react';
import type { ReportColumn } from '../../../../shared/report-tables.ts';
import { showToast } from '../../../components/toast.tsx';
import { DataTable, ListBody, LoadError, Pager, saveCsv } from '../../../components/list-kit/index.ts';
import { errorMessage } from '../../../lib/http.ts';
import type { QueryParams } from '../../../lib/http.ts';
import { localZone } from '../../../lib/dates.ts';
import { reportFileName } from '../../../../shared/report-files.ts';
import { fetchReportCsv } from '../reports.api.ts';

export interface CsvSource {
  path: string;
  /** The table's filter; its page is dropped: the export holds every row of the filter. */
  query: QueryParams;
  /** The report and its filter, for the file's name (report-files.ts). */
  name: string;
  filter?: Record<string, string | number | undefined>;
}

/** "Download CSV": the export of every row of the filter the table shows, dated as the screen. */
export function CsvButton({ source, label }: { source: CsvSource; label: string }) {
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      const { page: _page, per_page: _perPage, ...filter } = source.query;
      const text = await fetchReportCsv(source.path, { ...filter, tz: localZone() });
      saveCsv(text, reportFileName(source.name, source.filter));
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
  pager,
  highlight,
  links,
  className,
}: {
  title: string;
  columns: ReportColumn<R>[];
  rows: R[];
  rowKey: (row: R) => string | number;
  csv: CsvSource;
  empty: string;
  /** Below the table: a pager through the report's pages ("<label> pages"). */
  pager?: ReportPagerProps;
  highlight?: (row: R) => boolean;
  /** Cells that open something, by column label: a student's name opens their learning profile. */
  links?: Record<string, (row: R) => string | null>;
  className?: string;
}) {
  return (
    <section className={`card report${className ? ` ${className}` : ''}`} aria-label={title}>
      <div className="report__head">
        <h2 className="card__title">{title}</h2>
        {rows.length > 0 && (
          <span className="report__export">
            {/* The download is the whole filtered report; a pager's page is only what fits on screen. */}
            {pager && pager.total > rows.length && (
              <span className="reports-note">The CSV has all {pager.total} rows.</span>
            )}
            <CsvButton source={csv} label={title} />
          </span>
        )}
      </div>
      {rows.length === 0 ? (
        <p className="report__empty">{empty}</p>
      ) : (
        <DataTable
          columns={columns.map((c, i) => ({
            key: c.label,
            header: c.label,
            cell: (r: R) => {
              const to = links?.[c.label]?.(r);
              return to ? <Link to={to}>{c.cell(r)}</Link> : c.cell(r);
            },
            className: c.numeric ? 'report-table__num' : undefined,
            rowHeader: i === 0,
          }))}
          rows={rows}
          rowKey={rowKey}
          rowProps={(r) => ({ className: highlight?.(r) ? 'report-table__flagged' : undefined })}
          caption={title}
          className="report-table"
          wrap={{
            className: 'report__scroll',
            tabIndex: 0,
            role: 'region',
            'aria-label': `${title} (scrolls sideways)`,
          }}
        />
      )}
      {pager && <ReportPager {...pager} />}
    </section>
  );
}

interface ReportPagerProps {
  label: string;
  page: number;
  perPage: number;
  total: number;
  onPage: (page: number) => void;
}

function ReportPager(props: ReportPagerProps) {
  return <Pager {...props} className="report__pager" buttonsClassName="report__pager-buttons" />;
}

/** A report's data: the spinner while it loads, the error with "Try again" when it failed, then `children`. */
export function ReportBody<T>({
  load,
  children,
}: {
  load: { data: T | undefined; error: unknown; reload: () => void };
  children: (data: T) => ReactNode;
}) {
  return (
    <ListBody load={load} errors="alert" errorClassName="card report__error">
      {children}
    </ListBody>
  );
}

export function ReportError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <LoadError error={error} onRetry={onRetry} className="card report__error" />;
}
