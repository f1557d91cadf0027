import { useState } from 'react';
import { Link } from 'react-router-dom';
import { OfflineStamp } from '../../../components/offline-stamp.tsx';
import { usePageReady } from '../../../shell/page-load.tsx';
import { PATHS } from '../../../shell/paths.ts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { QUESTION_TYPES } from '../../../../shared/contracts/questions.ts';
import type { ImportResult, QuestionType } from '../../../../shared/contracts/questions.ts';
import { AdminsOnly } from '../../../shell/admins-only.tsx';
import { roleOf, useAuth } from '../../../shell/session.ts';
import { useKnowledgeGraph } from '../../knowledge-graph/index.ts';
import '../../../components/styles/back-office.css';
import {
  CsvButtons,
  CsvHelp,
  ImportPreview,
  ImportReport,
  useQuestionsImport,
} from '../components/csv-tools.tsx';
import { QuestionFiltersBar } from '../components/question-filters.tsx';
import { QuestionFiles } from '../components/question-files.tsx';
import { PagedList, useAddressList } from '../../../components/list-kit/index.ts';
import { QuestionTable, shortStem } from '../components/question-table.tsx';
import '../../../components/styles/questions.css';
import type { QuestionFilters } from '../questions.api.ts';
import { QUESTIONS_PER_PAGE, useQuestionPage } from '../use-questions.ts';
import { PageTitle } from '../../../shell/page-title.tsx';

const ID_FILTERS = ['subject_id', 'sub_topic_id', 'micro_topic_id', 'difficulty'] as const;

/** The filters live in the address, so coming back from the editor shows the same page of the bank. */
function filtersFrom(params: URLSearchParams): QuestionFilters {
  const filters: QuestionFilters = {};
  const search = params.get('search');
  if (search) filters.search = search;
  for (const key of ID_FILTERS) {
    const n = Number(params.get(key));
    if (Number.isInteger(n) && n > 0) filters[key] = n;
  }
  const type = params.get('type');
  if (type && (QUESTION_TYPES as readonly string[]).includes(type)) filters.type = type as QuestionType;
  return filters;
}

export default function QuestionsScreen() {
  const { user } = useAuth();
  if (roleOf(user) !== 'admin') return <AdminsOnly text="Only admins manage the question bank." />;
  return <QuestionBank />;
}

function QuestionBank() {
  const { filters, page, setFilters, setPage } = useAddressList(filtersFrom);
  const graph = useKnowledgeGraph();
  const list = useQuestionPage(filters, page);
  usePageReady({ loading: list.loading && !list.data, error: list.error });
  const [report, setReport] = useState<ImportResult | null>(null);

  const onImported = (result: ImportResult) => {
    setReport(result);
    list.reload();
  };
  const csvImport = useQuestionsImport(onImported);

  return (
    <div className="screen bo-wide questions-screen">
      <div className="screen__header">
        <PageTitle>Manage Questions</PageTitle>
        <div className="bo-toolbar">
          <CsvButtons filters={filters} csvImport={csvImport} />
          <Link className="button" to={PATHS.adminQuestion()}>
            New question
          </Link>
        </div>
      </div>
      <CsvHelp />
      <ImportPreview csvImport={csvImport} />
      {report && <ImportReport result={report} onClose={() => setReport(null)} />}
      <QuestionFiles filters={filters} graph={graph.data} onImported={list.reload} />
      <OfflineStamp updatedAt={list.updatedAt} />
      <section className="card" aria-label="Question bank">
        <QuestionFiltersBar graph={graph.data} filters={filters} onChange={setFilters} />
        <PagedList
          load={list}
          errors="none"
          perPage={QUESTIONS_PER_PAGE}
          label="Questions"
          onPage={setPage}
          empty={
            <EmptyState
              title="No questions found"
              text={
                Object.keys(filters).length
                  ? 'No question matches these filters.'
                  : 'The bank is empty. Add a question or import a CSV file.'
              }
            />
          }
        >
          {(rows) => (
            <QuestionTable
              questions={rows}
              caption="Questions"
              parameters
              actionHeader="Edit"
              action={(q) => (
                <Link to={PATHS.adminQuestion(q.id)} aria-label={`Edit question: ${shortStem(q.stem)}`}>
                  Edit
                </Link>
              )}
            />
          )}
        </PagedList>
      </section>
    </div>
  );
}
