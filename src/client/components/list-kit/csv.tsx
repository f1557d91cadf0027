import { useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { ApiError, errorMessage } from '../../lib/http.ts';
import { showToast } from '../toast.tsx';

// FileReader rather than Blob.text(): every browser and jsdom (the unit tests) have it.
export function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

/** Saves text as a CSV file through a temporary link (the download the browser shows). */
export function saveCsv(text: string, name: string): void {
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

/** What a CSV import answers: how many rows were created and each rejected row with its reasons. */
export interface ImportOutcome {
  created: number;
  rejected: ReadonlyArray<{ row: number; errors: readonly string[] }>;
}

/**
 * "Import CSV" (pick a file, send its text) and "Export CSV" (download what the list shows). The feature
 * passes its API calls; a refused file (the whole import is checked first) becomes a toast with the reasons.
 */
export function CsvButtons<R extends ImportOutcome>({
  inputLabel,
  fileName,
  importCsv,
  exportCsv,
  onImported,
}: {
  /** The hidden file field's label, for screen readers. */
  inputLabel: string;
  fileName: string;
  importCsv: (text: string) => Promise<R>;
  exportCsv: () => Promise<string>;
  onImported: (result: R) => void;
}) {
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    const file = field.files?.[0];
    if (!file) return;
    setImporting(true);
    try {
      onImported(await importCsv(await readText(file)));
    } catch (error) {
      const messages = error instanceof ApiError && error.errors ? Object.values(error.errors).flat() : [];
      showToast({
        title: 'Nothing was imported',
        message: messages.length ? messages.join(' ') : errorMessage(error),
        type: 'error',
      });
    } finally {
      setImporting(false);
      field.value = '';
    }
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
