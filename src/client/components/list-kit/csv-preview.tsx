import { useEffect, useId, useRef } from 'react';
import type { CsvImport } from './use-csv-import.ts';
import './csv-preview.css';

const rows = (n: number) => `${n} row${n === 1 ? '' : 's'}`;
// A long cell (a question's text) is cut in the preview only; the file is sent as it is.
const LONGEST_CELL = 120;
const shown = (cell: string) => (cell.length > LONGEST_CELL ? `${cell.slice(0, LONGEST_CELL - 1)}…` : cell);
const LISTED_FLAGS = 10;

function flaggedNote(flagged: readonly number[], columns: number): string {
  const listed = flagged.slice(0, LISTED_FLAGS).join(', ');
  const more = flagged.length > LISTED_FLAGS ? ` and ${flagged.length - LISTED_FLAGS} more` : '';
  const which = flagged.length === 1 ? `Row ${listed} does` : `Rows ${listed}${more} do`;
  return `${which} not have ${columns} cells like the header. They are sent as they are; the import report says what could not be used.`;
}

/**
 * What a chosen CSV file holds, before anything is sent: its name, its row count, the header and the first
 * rows in a table (rows whose cell count differs from the header's flagged), then "Import N rows" and "Cancel".
 * A file the server would refuse as a whole (no such header, no rows) cannot be sent. Focus moves to the
 * preview's title when it opens, so a screen reader announces it. The table classes are the screen's.
 */
export function CsvPreview({
  csvImport,
  tableClassName,
  tableWrapClassName,
}: {
  csvImport: CsvImport;
  tableClassName: string;
  tableWrapClassName: string;
}) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const { chosen, importing, confirm, cancel } = csvImport;
  useEffect(() => {
    if (chosen) title.current?.focus();
  }, [chosen]);
  if (!chosen) return null;

  const { header, rows: count, sample, flagged, problem } = chosen.preview;
  const width = Math.max(header.length, ...sample.map((r) => r.cells.length));
  const heads = Array.from({ length: width }, (_, i) => header[i]?.trim() || `Column ${i + 1}`);
  const checks = sample.some((r) => r.flag);
  return (
    <section className="card csv-preview" aria-labelledby={titleId}>
      <h2 id={titleId} ref={title} tabIndex={-1} className="card__title">
        Import preview
      </h2>
      <p className="csv-preview__summary">
        <strong className="csv-preview__file">{chosen.name}</strong>
        {header.length ? ` holds ${rows(count)} after the header.` : ''}
      </p>
      {problem && <p className="form-message form-message--error">{`${problem} Nothing can be imported.`}</p>}
      {!problem && flagged.length > 0 && (
        <p className="csv-preview__flags">{flaggedNote(flagged, header.length)}</p>
      )}
      {sample.length > 0 && (
        <div className={`${tableWrapClassName} csv-preview__wrap`}>
          <table className={`${tableClassName} csv-preview__table`}>
            <caption className="csv-preview__caption">{`First ${rows(sample.length)} of ${chosen.name}`}</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                {heads.map((h, i) => (
                  <th scope="col" key={i}>
                    {h}
                  </th>
                ))}
                {checks && <th scope="col">Check</th>}
              </tr>
            </thead>
            <tbody>
              {sample.map((r) => (
                <tr key={r.row} className={r.flag ? 'csv-preview__flagged' : undefined}>
                  <th scope="row">{r.row}</th>
                  {heads.map((_, i) => (
                    <td key={i}>{shown(r.cells[i] ?? '')}</td>
                  ))}
                  {checks && <td>{r.flag}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="csv-preview__actions">
        <button
          type="button"
          className="button"
          disabled={importing || !!problem || !count}
          onClick={confirm}
        >
          {importing ? 'Importing...' : `Import ${rows(count)}`}
        </button>
        <button type="button" className="button button--secondary" disabled={importing} onClick={cancel}>
          Cancel
        </button>
      </div>
    </section>
  );
}
