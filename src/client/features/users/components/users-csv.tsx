import { USER_CSV_COLUMNS } from '../../../../shared/contracts/admin-users.ts';
import type { ImportUsersResult } from '../../../../shared/contracts/admin-users.ts';
import { CsvButtons, CsvPreview, ImportReport, useCsvImport } from '../../../components/list-kit/index.ts';
import type { CsvImport } from '../../../components/list-kit/index.ts';
import { exportUsersCsv, importUsersCsv } from '../users.api.ts';
import type { UserFilters } from '../users.api.ts';

export const EXPORT_FILE_NAME = 'pathbuilder-users.csv';

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
    <ImportReport
      result={result}
      noun="user"
      createdNote=" and invited by e-mail"
      rejectedNote=" and not saved"
      className="users-import-report"
      headClassName="users-toolbar"
      tableClassName="users-table"
      onClose={onClose}
    />
  );
}

/** The users' import: a chosen file is previewed, then sent on "Import N rows". */
export function useUsersImport(onImported: (result: ImportUsersResult) => void): CsvImport {
  return useCsvImport({
    format: { columns: USER_CSV_COLUMNS, required: USER_CSV_COLUMNS.length },
    importCsv: importUsersCsv,
    onImported,
  });
}

/** The chosen file before it is sent: its rows in the users table's style. */
export function UsersImportPreview({ csvImport }: { csvImport: CsvImport }) {
  return (
    <CsvPreview
      csvImport={csvImport}
      tableClassName="users-table"
      tableWrapClassName="users-table-wrap"
      actionsClassName="users-toolbar"
    />
  );
}

/** "Import CSV" (pick a file and preview it) and "Export CSV" (download the filtered list). */
export function UsersCsvButtons({ filters, csvImport }: { filters: UserFilters; csvImport: CsvImport }) {
  return (
    <CsvButtons
      inputLabel="CSV file of users to import"
      fileName={EXPORT_FILE_NAME}
      csvImport={csvImport}
      exportCsv={() => exportUsersCsv(filters)}
    />
  );
}
