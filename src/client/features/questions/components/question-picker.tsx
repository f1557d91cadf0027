import { useState } from 'react';
import type { KnowledgeGraph } from '../../../../shared/contracts/knowledge-graph.ts';
import type { Question } from '../../../../shared/contracts/questions.ts';
import type { QuestionFilters } from '../questions.api.ts';
import { QUESTIONS_PER_PAGE, useQuestionPage } from '../use-questions.ts';
import { QuestionFiltersBar } from './question-filters.tsx';
import { PagedList } from '../../../components/list-kit/index.ts';
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
      <PagedList
        load={list}
        errors="message"
        staleErrors
        loading="inline"
        perPage={QUESTIONS_PER_PAGE}
        label="Question bank"
        onPage={setPage}
        empty={<p>No question matches these filters.</p>}
      >
        {(rows) => (
          <QuestionTable
            questions={rows}
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
        )}
      </PagedList>
    </section>
  );
}
