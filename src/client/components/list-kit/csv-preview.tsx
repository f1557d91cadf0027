import { useLayoutEffect, useId, useRef } from 'react';
import type { CsvImport } from './use-csv-import.ts';

const rows = (n: number) => `${n} row${n === 1 ? '' : 's'}`;
// A long cell (a question's text) is cut in the preview only; the file is sent as it is.
const LONGEST_CELL = 60;
const shown = (cell: string) => (cell.length > LONGEST_CELL ? `${cell.slice(0, LONGEST_CELL - 1)}…` : cell);
const LISTED_FLAGS = 10;

function flaggedNote(flagged: readonly number[], columns: number): string {
  const listed = flagged.slice(0, LISTED_FLAGS).join(', ');
  const more = flagged.length > LISTED_FLAGS ? ` and ${flagged.length - LISTED_FLAGS} more` : '';
  const one = flagged.length === 1;
  const which = one ? `Row ${listed} does` : `Rows ${listed}${more} do`;
  const sent = one ? 'It is sent as it is' : 'They are sent as they are';
  return `${which} not have ${columns} cells like the header. ${sent}; the import report says what could not be used.`;
}

/**
 * What a chosen CSV file holds, before anything is sent: its name, its row count, the header and the first
 * rows in a table (rows whose cell count differs from the header's flagged), then "Import N rows" and "Cancel".
 * A file the server would refuse as a whole (no such header, no rows) cannot be sent. Focus moves to the
 * preview's title when it opens, so a screen reader announces it. Like ImportReport, it draws with the screen's
 * classes (its table, the table's scrolling wrapper, its toolbar) and the building blocks of styles.css: no
 * stylesheet of its own, which would be one more file for every route's preload list in the entry script.
 */
export function CsvPreview({
  csvImport,
  tableClassName,
  tableWrapClassName,
  actionsClassName,
}: {
  csvImport: CsvImport;
  tableClassName: string;
  /** Scrolls the table sideways inside the card on a narrow screen. */
  tableWrapClassName: string;
  actionsClassName: string;
}) {
  const titleId = useId();
  const title = useRef<HTMLHeadingElement>(null);
  const { chosen, importing, confirm, cancel } = csvImport;
  // In the commit that shows the preview (a layout effect), so it never stands on screen without the focus.
  useLayoutEffect(() => {
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
      <p>
        <strong>{chosen.name}</strong>
        {header.length ? ` holds ${rows(count)} after the header.` : ''}
        {count > sample.length ? ` The first ${sample.length} are shown.` : ''}
      </p>
      {problem && <p className="form-message form-message--error">{`${problem} Nothing can be imported.`}</p>}
      {!problem && flagged.length > 0 && (
        <p className="form-message form-message--info">{flaggedNote(flagged, header.length)}</p>
      )}
      {sample.length > 0 && (
        <div className={tableWrapClassName}>
          <table className={tableClassName}>
            <caption className="visually-hidden">{`First ${rows(sample.length)} of ${chosen.name}`}</caption>
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
                <tr key={r.row}>
                  <th scope="row">{r.row}</th>
                  {heads.map((_, i) => (
                    <td key={i}>{shown(r.cells[i] ?? '')}</td>
                  ))}
                  {checks && <td>{r.flag && <strong>{r.flag}</strong>}</td>}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className={actionsClassName}>
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
