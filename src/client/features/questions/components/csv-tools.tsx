import { CSV_COLUMNS, CSV_REQUIRED_COLUMNS } from '../../../../shared/contracts/questions.ts';
import type { ImportResult } from '../../../../shared/contracts/questions.ts';
import {
  CsvButtons as KitCsvButtons,
  CsvPreview,
  ImportReport as KitImportReport,
  useCsvImport,
} from '../../../components/list-kit/index.ts';
import type { CsvImport } from '../../../components/list-kit/index.ts';
import { exportQuestionsCsv, importQuestionsCsv } from '../questions.api.ts';
import type { QuestionFilters } from '../questions.api.ts';

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
    <KitImportReport
      result={result}
      noun="question"
      className="import-report"
      headClassName="bo-toolbar import-report__head"
      tableWrapClassName="bo-table-wrap"
      tableClassName="bo-table"
      onClose={onClose}
    />
  );
}

/** The question bank's import: a chosen file is previewed, then sent on "Import N rows". */
export function useQuestionsImport(onImported: (result: ImportResult) => void): CsvImport {
  return useCsvImport({
    format: { columns: CSV_COLUMNS, required: CSV_REQUIRED_COLUMNS },
    importCsv: importQuestionsCsv,
    onImported,
  });
}

/** The chosen file before it is sent: its rows in the bank's table style. */
export function ImportPreview({ csvImport }: { csvImport: CsvImport }) {
  return (
    <CsvPreview
      csvImport={csvImport}
      tableClassName="bo-table"
      tableWrapClassName="bo-table-wrap"
      actionsClassName="bo-toolbar"
    />
  );
}

/** "Import CSV" (pick a file and preview it) and "Export CSV" (download the filtered bank). */
export function CsvButtons({ filters, csvImport }: { filters: QuestionFilters; csvImport: CsvImport }) {
  return (
    <div className="bo-toolbar">
      <KitCsvButtons
        inputLabel="CSV file to import"
        fileName={EXPORT_FILE_NAME}
        csvImport={csvImport}
        exportCsv={() => exportQuestionsCsv(filters)}
      />
    </div>
  );
}
