import type { ReactNode } from 'react';
import { DIFFICULTY_LABELS, QUESTION_TYPE_LABELS } from '../../../../shared/contracts/questions.ts';
import type { Question } from '../../../../shared/contracts/questions.ts';
import { itemParametersText } from '../../../../shared/item-parameters-text.ts';
import { richTextToPlain } from '../../../../shared/rich-text.ts';
import { DataTable } from '../../../components/list-kit/index.ts';
import type { Column } from '../../../components/list-kit/index.ts';

const MAX_STEM = 140;

export function shortStem(stem: string): string {
  const plain = richTextToPlain(stem);
  return plain.length > MAX_STEM ? `${plain.slice(0, MAX_STEM - 1)}…` : plain;
}

/**
 * Questions as rows; the last column holds what the caller offers for each (edit link, add button). With
 * `parameters` (the bank), each question's learned guessing and slips sit under its text.
 */
export function QuestionTable({
  questions,
  caption,
  actionHeader,
  action,
  parameters = false,
}: {
  questions: readonly Question[];
  caption: string;
  actionHeader: string;
  action: (q: Question) => ReactNode;
  parameters?: boolean;
}) {
  const columns: Array<Column<Question>> = [
    {
      key: 'stem',
      header: 'Question',
      cell: (q) =>
        parameters ? (
          <>
            {shortStem(q.stem)}
            <div className="bo-table__muted" data-testid="question-parameters">
              {itemParametersText(q.parameters)}
            </div>
          </>
        ) : (
          shortStem(q.stem)
        ),
    },
    { key: 'type', header: 'Type', cell: (q) => QUESTION_TYPE_LABELS[q.type] },
    { key: 'difficulty', header: 'Difficulty', cell: (q) => DIFFICULTY_LABELS[q.difficulty] ?? q.difficulty },
    {
      key: 'topic',
      header: 'Micro topic',
      cell: (q) => (
        <>
          {q.micro_topic_name}
          <div className="bo-table__muted">
            {q.subject_name} › {q.sub_topic_name}
          </div>
        </>
      ),
    },
    {
      key: 'used',
      header: 'Used in',
      cell: (q) => `${q.used_in} assessment${q.used_in === 1 ? '' : 's'}`,
    },
    { key: 'action', header: actionHeader, cell: action },
  ];
  return (
    <DataTable
      columns={columns}
      rows={questions}
      rowKey={(q) => q.id}
      caption={caption}
      className="bo-table"
      wrap={{ className: 'bo-table-wrap' }}
    />
  );
}
