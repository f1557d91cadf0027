import { useId, useRef, useState } from 'react';
import type { ChangeEvent } from 'react';
import { CSV_COLUMNS } from '../../../../shared/contracts/questions.ts';
import type { ImportResult } from '../../../../shared/contracts/questions.ts';
import { showToast } from '../../../components/toast.tsx';
import { ApiError, errorMessage } from '../../../lib/http.ts';
import { exportQuestionsCsv, importQuestionsCsv } from '../questions.api.ts';
import type { QuestionFilters } from '../questions.api.ts';

// FileReader rather than Blob.text(): every browser and jsdom (the unit tests) have it.
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsText(file);
  });
}

export const EXPORT_FILE_NAME = 'pathbuilder-questions.csv';

const COLUMN_HELP: Record<(typeof CSV_COLUMNS)[number], string> = {
  micro_topic: 'The micro topic’s name, exactly as in the knowledge graph.',
  type: 'single_choice, multiple_choice, true_false, short_answer, matching or ordering.',
  difficulty: '1 (Easy), 2 (Medium) or 3 (Hard).',
  stem: 'The question text.',
  explanation: 'Shown to students when the review policy allows (may be empty).',
  options:
    'Separated by |. Choice questions: the options. Matching: pairs as left=right. Ordering: the items in the correct order. Empty for true/false and short answer.',
  correct:
    'Choice questions: the numbers of the correct options (1 = first), separated by |. True/false: true or false. Short answer: the accepted answers, separated by |. Empty for matching and ordering.',
  practice_only:
    'yes for a Test Yourself question (practice shows its answer, so it is never used in an assessment); no or empty otherwise. The column may be left out.',
};

/** What each CSV column holds; the same format is read on import and written on export. */
export function CsvHelp() {
  return (
    <details className="csv-help">
      <summary>CSV format</summary>
      <p>
        The first row is the header <code>{CSV_COLUMNS.join(',')}</code>; then one question per row. Fields
        with commas, quotes or line breaks go in double quotes.
      </p>
      <dl className="csv-help__columns">
        {CSV_COLUMNS.map((c) => (
          <div key={c}>
            <dt>
              <code>{c}</code>
            </dt>
            <dd>{COLUMN_HELP[c]}</dd>
          </div>
        ))}
      </dl>
      <p>
        Example: <code>Counting to 10,single_choice,1,How many legs has a dog?,,2|4|6,2</code>
      </p>
    </details>
  );
}

/** The outcome of an import: how many were created and each rejected row with its reasons. */
export function ImportReport({ result, onClose }: { result: ImportResult; onClose: () => void }) {
  return (
    <section className="card import-report" aria-label="Import report" role="status">
      <div className="bo-toolbar import-report__head">
        <h2 className="card__title">Import report</h2>
        <button type="button" className="button button--small button--secondary" onClick={onClose}>
          Close report
        </button>
      </div>
      <p>
        {result.created} question{result.created === 1 ? ' was' : 's were'} created.{' '}
        {result.rejected.length
          ? `${result.rejected.length} row${result.rejected.length === 1 ? ' was' : 's were'} rejected:`
          : 'No row was rejected.'}
      </p>
      {result.rejected.length > 0 && (
        <div className="bo-table-wrap">
          <table className="bo-table">
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
                    <ul className="import-report__reasons">
                      {r.errors.map((e) => (
                        <li key={e}>{e}</li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** "Import CSV" (pick a file, send its text) and "Export CSV" (download the filtered bank). */
export function CsvButtons({
  filters,
  onImported,
}: {
  filters: QuestionFilters;
  onImported: (result: ImportResult) => void;
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
      onImported(await importQuestionsCsv(await readText(file)));
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
      const csv = await exportQuestionsCsv(filters);
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
    <div className="bo-toolbar">
      <label htmlFor={inputId} className="visually-hidden">
        CSV file to import
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
    </div>
  );
}
