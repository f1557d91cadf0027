import type { ReactNode } from 'react';
import { DIFFICULTY_LABELS, QUESTION_TYPE_LABELS } from '../../../../shared/contracts/questions.ts';
import type { Question } from '../../../../shared/contracts/questions.ts';
import { richTextToPlain } from '../../../../shared/rich-text.ts';

const MAX_STEM = 140;

export function shortStem(stem: string): string {
  const plain = richTextToPlain(stem);
  return plain.length > MAX_STEM ? `${plain.slice(0, MAX_STEM - 1)}…` : plain;
}

/** Questions as rows; the last column holds what the caller offers for each (edit link, add button). */
export function QuestionTable({
  questions,
  caption,
  actionHeader,
  action,
}: {
  questions: readonly Question[];
  caption: string;
  actionHeader: string;
  action: (q: Question) => ReactNode;
}) {
  return (
    <div className="bo-table-wrap">
      <table className="bo-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Question</th>
            <th scope="col">Type</th>
            <th scope="col">Difficulty</th>
            <th scope="col">Micro topic</th>
            <th scope="col">Used in</th>
            <th scope="col">{actionHeader}</th>
          </tr>
        </thead>
        <tbody>
          {questions.map((q) => (
            <tr key={q.id}>
              <td>{shortStem(q.stem)}</td>
              <td>{QUESTION_TYPE_LABELS[q.type]}</td>
              <td>{DIFFICULTY_LABELS[q.difficulty] ?? q.difficulty}</td>
              <td>
                {q.micro_topic_name}
                <div className="bo-table__muted">
                  {q.subject_name} › {q.sub_topic_name}
                </div>
              </td>
              <td>
                {q.used_in} assessment{q.used_in === 1 ? '' : 's'}
              </td>
              <td>{action(q)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Previous / next through a paginated list, with where we are. */
export function Pager({
  page,
  perPage,
  total,
  label,
  onPage,
}: {
  page: number;
  perPage: number;
  total: number;
  label: string;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <nav className="bo-pager" aria-label={`${label} pages`}>
      <span>
        {first}–{last} of {total} · page {page} of {pages}
      </span>
      <span className="bo-pager__buttons">
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          Previous page
        </button>
        <button
          type="button"
          className="button button--small button--secondary"
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          Next page
        </button>
      </span>
    </nav>
  );
}
