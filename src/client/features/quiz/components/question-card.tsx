import { useEffect, useId, useRef } from 'react';
import type { ReactNode } from 'react';
import type { StudentQuestion } from '../../../../shared/contracts/attempts.ts';
import { FileImage } from '../../../components/file-image.tsx';
import { RichHtml } from '../../../components/rich-html.tsx';

/**
 * "Question n of N" (or the caller's own words for where the student is, as the adaptive diagnostic's), the
 * stem (rich text the server sanitised) and its picture, then the answer area.
 */
export function QuestionCard({
  question,
  number,
  total,
  counter,
  children,
}: {
  question: StudentQuestion;
  number: number;
  total: number;
  counter?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef<number | null>(null);
  // Moving to another question takes keyboard and screen-reader users to it; the first one is left alone.
  useEffect(() => {
    if (shown.current !== null && shown.current !== question.id) heading.current?.focus();
    shown.current = question.id;
  }, [question.id]);
  return (
    <section className="card question" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1} className="question__number">
        {counter ?? `Question ${number} of ${total}`}
      </h2>
      <RichHtml className="question__stem" html={question.stem} />
      {question.image_url && (
        <FileImage className="question__image" src={question.image_url} alt="Picture for this question" />
      )}
      {children}
    </section>
  );
}
