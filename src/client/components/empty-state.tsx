import type { ReactNode } from 'react';

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
