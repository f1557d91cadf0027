import { useMemo, useState } from 'react';
import { TextField } from '../../../components/form-field.tsx';
import { FAQ, searchFaq } from '../faq.ts';

/** The frequently asked questions, narrowed as the student types. */
export function FaqSection() {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => searchFaq(FAQ, query), [query]);
  const searching = query.trim() !== '';
  return (
    <section className="card support-faq" aria-labelledby="support-faq-title">
      <h2 id="support-faq-title" className="card__title">
        Frequently asked questions
      </h2>
      <TextField
        label="Search the questions"
        name="faq-search"
        type="search"
        value={query}
        onChange={setQuery}
        autoComplete="off"
      />
      <p className="support__muted" role="status">
        {searching
          ? `${shown.length} of ${FAQ.length} questions match.`
          : `${FAQ.length} questions. Type a word to narrow them.`}
      </p>
      {shown.length === 0 ? (
        <p className="support-faq__none">
          No question matches “{query.trim()}”. Ask us with the form below and we will answer.
        </p>
      ) : (
        <div className="support-faq__list">
          {shown.map((entry) => (
            <details key={entry.id} className="support-faq__item" open={searching && shown.length <= 3}>
              <summary className="support-faq__question">{entry.question}</summary>
              {entry.answer.map((paragraph) => (
                <p key={paragraph.slice(0, 40)} className="support-faq__answer">
                  {paragraph}
                </p>
              ))}
            </details>
          ))}
        </div>
      )}
    </section>
  );
}
