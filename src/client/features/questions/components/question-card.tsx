import { DIFFICULTY_LABELS, QUESTION_TYPE_LABELS } from '../../../../shared/contracts/questions.ts';
import type { Question } from '../../../../shared/contracts/questions.ts';
import { FileImage } from '../../../components/file-image.tsx';
import { RichHtml } from '../../../components/rich-html.tsx';

/** Stored rich text is already sanitised by the server (src/shared/rich-text.ts). */
function Rich({ html, className = 'bo-rich' }: { html: string; className?: string }) {
  return <RichHtml className={className} html={html} />;
}

function Answers({ question }: { question: Question }) {
  const c = question.content;
  switch (c.type) {
    case 'single_choice':
    case 'multiple_choice':
      return (
        <ol className="question-card__answers" type="A">
          {c.options.map((o) => {
            const right = c.correct.includes(o.id);
            return (
              <li key={o.id} className={right ? 'is-correct' : undefined}>
                {o.text}
                {right && <span className="badge badge--success"> Correct</span>}
              </li>
            );
          })}
        </ol>
      );
    case 'true_false':
      return (
        <ul className="question-card__answers">
          {[true, false].map((v) => (
            <li key={String(v)} className={c.correct === v ? 'is-correct' : undefined}>
              {v ? 'True' : 'False'}
              {c.correct === v && <span className="badge badge--success"> Correct</span>}
            </li>
          ))}
        </ul>
      );
    case 'short_answer':
      return (
        <p>
          <em>The student types an answer.</em> Accepted: <strong>{c.accepted.join(' · ')}</strong>
        </p>
      );
    case 'matching':
      return (
        <>
          <p>
            <em>The student matches each item on the left with one on the right.</em> Correct pairs:
          </p>
          <ul className="question-card__answers">
            {c.pairs.map((p) => (
              <li key={p.left_id} className="is-correct">
                {p.left} → {p.right}
              </li>
            ))}
          </ul>
        </>
      );
    case 'ordering':
      return (
        <>
          <p>
            <em>The student puts the items in order.</em> Correct order:
          </p>
          <ol className="question-card__answers">
            {c.items.map((i) => (
              <li key={i.id} className="is-correct">
                {i.text}
              </li>
            ))}
          </ol>
        </>
      );
  }
}

/** One question as a student meets it, with the answer key and the explanation marked for staff. */
export function QuestionCard({ question, number }: { question: Question; number: number }) {
  return (
    <article className="card question-card" aria-label={`Question ${number}`}>
      <p className="question-card__meta">
        Question {number} · {QUESTION_TYPE_LABELS[question.type]} ·{' '}
        {DIFFICULTY_LABELS[question.difficulty] ?? question.difficulty} · {question.micro_topic_name}
      </p>
      <Rich html={question.stem} />
      {question.image_url && <FileImage className="question-card__image" src={question.image_url} alt="" />}
      <Answers question={question} />
      {question.explanation && (
        <section className="question-card__explanation" aria-label="Explanation">
          <strong>Explanation</strong>
          <Rich html={question.explanation} />
        </section>
      )}
    </article>
  );
}
