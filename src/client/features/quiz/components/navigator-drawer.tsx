import { useEffect, useId, useRef } from 'react';
import type { KeyboardEvent, ReactNode } from 'react';

/**
 * A sheet from the bottom over the question on a phone, modal (focus stays inside, Escape and the backdrop
 * close it, focus returns to the button that opened it): the question list, or a matching item's choices.
 */
export function NavigatorDrawer({
  title = 'Questions',
  summary,
  onClose,
  children,
}: {
  title?: string;
  /** One line: how many are answered, flagged and waiting to sync. */
  summary?: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const sheet = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    sheet.current?.querySelector<HTMLElement>('[aria-current="step"], button')?.focus();
    return () => opener?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !sheet.current) return;
    const focusable = Array.from(sheet.current.querySelectorAll<HTMLElement>('button:not(:disabled)'));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="quiz-drawer" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={sheet}
        className="quiz-drawer__sheet"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        onKeyDown={onKeyDown}
      >
        <div className="quiz-drawer__head">
          <h2 id={titleId} className="quiz-drawer__title">
            {title}
          </h2>
          <button type="button" className="button button--secondary button--small" onClick={onClose}>
            Close
          </button>
        </div>
        {summary && <p className="quiz-drawer__summary">{summary}</p>}
        {children}
      </div>
    </div>
  );
}
