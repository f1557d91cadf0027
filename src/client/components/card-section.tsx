import { useId } from 'react';
import type { ReactNode } from 'react';

/** A card that is one section of its page, named by its heading; `className` adds to `card`. */
export function CardSection({
  title,
  titleId,
  className,
  children,
}: {
  title: ReactNode;
  /** The heading's id (a fixed one when the page links to it or a test finds it); generated when absent. */
  titleId?: string;
  className?: string;
  children: ReactNode;
}) {
  const autoId = useId();
  const id = titleId ?? autoId;
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={id}>
      <h2 id={id} className="card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
