import { useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { showToast } from '../toast.tsx';
import type { CsvImport, ImportOutcome } from './use-csv-import.ts';

/** Saves text as a file through a temporary link (the download the browser shows); a CSV unless told. */
export function saveTextFile(text: string, name: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export const saveCsv = (text: string, name: string): void => saveTextFile(text, name);

/**
 * "Import CSV" (pick a file: its preview shows, see CsvPreview) and "Export CSV" (download what the list shows).
 * The feature passes its import (useCsvImport) and its export call.
 */
export function CsvButtons({
  inputLabel,
  fileName,
  csvImport,
  exportCsv,
}: {
  /** The hidden file field's label, for screen readers. */
  inputLabel: string;
  fileName: string;
  csvImport: CsvImport;
  exportCsv: () => Promise<string>;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [exporting, setExporting] = useState(false);
  const { importing, buttonRef } = csvImport;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    const file = field.files?.[0];
    if (!file) return;
    await csvImport.choose(file);
    // Cleared, so that choosing the same file again (after Cancel, or after fixing it) previews it again.
    field.value = '';
  };

  const onExport = async () => {
    setExporting(true);
    try {
      saveCsv(await exportCsv(), fileName);
    } catch (error) {
      showToast({ title: 'Export failed', message: errorMessage(error), type: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <label htmlFor={inputId} className="visually-hidden">
        {inputLabel}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept=".csv,text/csv"
        className="visually-hidden"
        tabIndex={-1}
        onChange={onFile}
        disabled={importing}
      />
      <button
        ref={buttonRef}
        type="button"
        className="button button--secondary"
        disabled={importing}
        onClick={() => input.current?.click()}
      >
        {importing ? 'Importing...' : 'Import CSV'}
      </button>
      <button type="button" className="button button--secondary" disabled={exporting} onClick={onExport}>
        {exporting ? 'Exporting...' : 'Export CSV'}
      </button>
    </>
  );
}

const were = (n: number) => (n === 1 ? ' was' : 's were');

/**
 * The outcome of an import: "3 questions were created. 1 row was rejected:" and a table of the rejected rows
 * with their reasons. The classes are the screen's (`import-report` or `users-import-report`).
 */
export function ImportReport({
  result,
  noun,
  createdNote = '',
  rejectedNote = '',
  className,
  headClassName,
  tableClassName,
  tableWrapClassName,
  onClose,
}: {
  result: ImportOutcome;
  /** One of what a row creates: "question", "user". */
  noun: string;
  /** After "created": " and invited by e-mail". */
  createdNote?: string;
  /** After "rejected": " and not saved". */
  rejectedNote?: string;
  className: string;
  headClassName: string;
  tableClassName: string;
  /** A scrolling wrapper around the table, when the screen has one. */
  tableWrapClassName?: string;
  onClose: () => void;
}) {
  const rejected = result.rejected.length;
  const table = (
    <table className={tableClassName}>
      <caption className="visually-hidden">Rejected rows</caption>
      <thead>
        <tr>
          <th scope="col">Row</th>
          <th scope="col">Reasons</th>
        </tr>
      </thead>
      <tbody>
        {result.rejected.map((r) => (
          <tr key={r.row}>
            <td>{r.row}</td>
            <td>
              <ul className={`${className}__reasons`}>
                {r.errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <section className={`card ${className}`} aria-label="Import report" role="status">
      <div className={headClassName}>
        <h2 className="card__title">Import report</h2>
        <button type="button" className="button button--small button--secondary" onClick={onClose}>
          Close report
        </button>
      </div>
      <p>
        {`${result.created} ${noun}${were(result.created)} created${createdNote}. `}
        {rejected ? `${rejected} row${were(rejected)} rejected${rejectedNote}:` : 'No row was rejected.'}
      </p>
      {rejected > 0 && (tableWrapClassName ? <div className={tableWrapClassName}>{table}</div> : table)}
    </section>
  );
}
