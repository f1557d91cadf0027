import { useState } from 'react';
import type { KnowledgeGraph } from '../../../../shared/contracts/knowledge-graph.ts';
import type { Question } from '../../../../shared/contracts/questions.ts';
import { Loading } from '../../../components/loading.tsx';
import { errorMessage } from '../../../lib/http.ts';
import type { QuestionFilters } from '../questions.api.ts';
import { QUESTIONS_PER_PAGE, useQuestionPage } from '../use-questions.ts';
import { QuestionFiltersBar } from './question-filters.tsx';
import { Pager } from '../../../components/list-kit/index.ts';
import { QuestionTable, shortStem } from './question-table.tsx';

export type QuestionPickerProps = {
  graph: KnowledgeGraph | undefined;
  pickedIds: readonly number[];
  onPick: (question: Question) => void;
};

/** Browse the bank with its filters and add questions one by one. */
export function QuestionPicker({ graph, pickedIds, onPick }: QuestionPickerProps) {
  const [filters, setFilters] = useState<QuestionFilters>({});
  const [page, setPage] = useState(1);
  const list = useQuestionPage(filters, page);

  return (
    <section className="question-picker" aria-label="Question bank">
      <QuestionFiltersBar
        graph={graph}
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {list.error !== null ? (
        <p className="form-message form-message--error" role="alert">
          {errorMessage(list.error)}
        </p>
      ) : !list.data ? (
        <Loading variant="inline" />
      ) : list.data.data.length === 0 ? (
        <p>No question matches these filters.</p>
      ) : (
        <>
          <QuestionTable
            questions={list.data.data}
            caption="Questions to choose from"
            actionHeader="Add"
            action={(q) => {
              const picked = pickedIds.includes(q.id);
              return (
                <button
                  type="button"
                  className="button button--small button--secondary"
                  disabled={picked}
                  aria-label={picked ? `Added: ${shortStem(q.stem)}` : `Add question: ${shortStem(q.stem)}`}
                  onClick={() => onPick(q)}
                >
                  {picked ? 'Added' : 'Add'}
                </button>
              );
            }}
          />
          <Pager
            page={list.data.page}
            perPage={QUESTIONS_PER_PAGE}
            total={list.data.total}
            label="Question bank"
            onPage={setPage}
          />
        </>
      )}
    </section>
  );
}
