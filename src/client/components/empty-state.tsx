import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '../lib/http.ts';

/** A calm placeholder for "nothing here (yet)"; `children` holds an optional call to action. */
export function EmptyState({ title, text, children }: { title: string; text: string; children?: ReactNode }) {
  return (
    <section className="empty-state" aria-label={title}>
      <span className="empty-state__icon" aria-hidden="true" />
      <h2 className="empty-state__title">{title}</h2>
      <p className="empty-state__text">{text}</p>
      {children && <div className="empty-state__actions">{children}</div>}
    </section>
  );
}

/** Gone, unpublished or for another school: the server answers 404, and a reload cannot help. */
export const isNotFound = (error: unknown): boolean => error instanceof ApiError && error.status === 404;

/**
 * A student's screen for an item they cannot have ("Video not available"), saying so rather than offering
 * a reload, with the way back to the list. `className` is the screen's.
 */
export function NotAvailable({
  className,
  noun,
  back,
  backLabel,
}: {
  className: string;
  noun: string;
  back: string;
  backLabel: string;
}) {
  return (
    <div className={`screen ${className}`}>
      <EmptyState
        title={`${noun.charAt(0).toUpperCase()}${noun.slice(1)} not available`}
        text={`This ${noun} does not exist or is not published for your school.`}
      >
        <Link to={back}>{backLabel}</Link>
      </EmptyState>
    </div>
  );
}
