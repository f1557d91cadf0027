import { useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { USER_CSV_COLUMNS } from '../../../../shared/contracts/admin-users.ts';
import type { ImportUsersResult } from '../../../../shared/contracts/admin-users.ts';
import { showToast } from '../../../components/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { exportUsersCsv, importUsersCsv } from '../users.api.ts';
import type { UserFilters } from '../users.api.ts';

export const EXPORT_FILE_NAME = 'pathbuilder-users.csv';

// FileReader rather than Blob.text(): every browser and jsdom (the unit tests) have it.
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

/** The import format, in a fold: what each column holds. */
export function UsersCsvHelp() {
  return (
    <details className="users-csv-help">
      <summary>CSV format</summary>
      <p>
        The first row is the header <code>{USER_CSV_COLUMNS.join(',')}</code>; then one user per row. Role is
        student, teacher or admin (empty: student). School and location are names as in Manage Schools; name
        the location when two schools share a name. Every new user receives an e-mail to choose a password. An
        export can be imported again; its extra columns are ignored.
      </p>
    </details>
  );
}

/** How many were created, and each rejected row with its reasons (nothing of those rows was saved). */
export function UsersImportReport({ result, onClose }: { result: ImportUsersResult; onClose: () => void }) {
  return (
    <section className="card users-import-report" aria-label="Import report" role="status">
      <div className="users-toolbar">
        <h2 className="card__title">Import report</h2>
        <button type="button" className="button button--small button--secondary" onClick={onClose}>
          Close report
        </button>
      </div>
      <p>
        {result.created} user{result.created === 1 ? ' was' : 's were'} created and invited by e-mail.{' '}
        {result.rejected.length
          ? `${result.rejected.length} row${result.rejected.length === 1 ? ' was' : 's were'} rejected and not saved:`
          : 'No row was rejected.'}
      </p>
      {result.rejected.length > 0 && (
        <table className="users-table">
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
                  <ul className="users-import-report__reasons">
                    {r.errors.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** "Import CSV" (pick a file, send its text) and "Export CSV" (download the filtered list). */
export function UsersCsvButtons({
  filters,
  onImported,
}: {
  filters: UserFilters;
  onImported: (result: ImportUsersResult) => void;
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
      onImported(await importUsersCsv(await readText(file)));
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
      const csv = await exportUsersCsv(filters);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = EXPORT_FILE_NAME;
      document.body.append(link);
      link.click();
      link.remove();
      // Revoked later: some browsers start reading the blob only after click() returns.
      window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      showToast({ title: 'Export failed', message: errorMessage(error), type: 'error' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <label htmlFor={inputId} className="visually-hidden">
        CSV file of users to import
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
