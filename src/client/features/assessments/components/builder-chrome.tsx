import type { ReactNode } from 'react';
import { SECTIONS } from '../assessment-errors.ts';
import type { ListedError, SectionId } from '../assessment-errors.ts';

const sectionId = (id: SectionId) => `assessment-section-${id}`;

const FOCUSABLE =
  'input:not([type="hidden"]):not([tabindex="-1"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), [tabindex]:not([tabindex="-1"])';

/**
 * Moves the focus to a field: its input, or the first control inside its box (a date picker, the chosen
 * questions). Returns whether something took the focus.
 */
export function focusField(targetId: string): boolean {
  const target = document.getElementById(targetId);
  if (!target) return false;
  const control = target.matches(FOCUSABLE) ? target : target.querySelector<HTMLElement>(FOCUSABLE);
  const element = control ?? target;
  if (!control) element.setAttribute('tabindex', '-1');
  element.focus();
  element.scrollIntoView?.({ block: 'center' });
  return document.activeElement === element;
}

/** One part of the builder: a card with its heading, which the section links lead to. */
export function FormSection({ id, children }: { id: SectionId; children: ReactNode }) {
  const title = SECTIONS.find((s) => s.id === id)!.title;
  return (
    <section id={sectionId(id)} className="card builder-section" aria-labelledby={`${sectionId(id)}-title`}>
      <h2 id={`${sectionId(id)}-title`} className="card__title" tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Links to each section, with how many problems each holds; a row that scrolls sideways on a phone. */
export function SectionNav({ errorCounts }: { errorCounts: Partial<Record<SectionId, number>> }) {
  return (
    <nav className="builder-nav" aria-label="Sections">
      <ul className="builder-nav__list">
        {SECTIONS.map((s) => {
          const count = errorCounts[s.id] ?? 0;
          return (
            <li key={s.id}>
              <a
                className={`builder-nav__link${count ? ' builder-nav__link--invalid' : ''}`}
                href={`#${sectionId(s.id)}`}
                onClick={(event) => {
                  // In-page: no change to the route, and the heading takes the focus for screen readers.
                  event.preventDefault();
                  const heading = document.getElementById(`${sectionId(s.id)}-title`);
                  heading?.focus({ preventScroll: true });
                  document.getElementById(sectionId(s.id))?.scrollIntoView?.({ block: 'start' });
                }}
              >
                {s.title}
                {count > 0 && (
                  <span className="builder-nav__count">
                    {' '}
                    ({count} {count === 1 ? 'problem' : 'problems'})
                  </span>
                )}
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Every problem of a refused save, each a link to its field. */
export function ErrorSummary({ errors, noun }: { errors: ListedError[]; noun: string }) {
  if (errors.length === 0) return null;
  return (
    <div
      id="assessment-error-summary"
      className="error-summary"
      role="alert"
      aria-labelledby="assessment-error-summary-title"
      tabIndex={-1}
    >
      <h2 id="assessment-error-summary-title" className="error-summary__title">
        The {noun} was not saved: {errors.length === 1 ? 'one thing needs' : `${errors.length} things need`}{' '}
        fixing
      </h2>
      <ul className="error-summary__list">
        {errors.map((e, i) => (
          <li key={`${e.field}-${i}`}>
            {e.targetId ? (
              <a
                href={`#${e.targetId}`}
                onClick={(event) => {
                  event.preventDefault();
                  focusField(e.targetId!);
                }}
              >
                {e.label}: {e.message}
              </a>
            ) : (
              e.message
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

export type SaveState = 'clean' | 'dirty' | 'saving' | 'saved' | 'invalid' | 'failed';

const STATE_TEXT: Record<SaveState, (problems: number) => string> = {
  clean: () => 'No changes yet',
  dirty: () => 'Unsaved changes',
  saving: () => 'Saving…',
  saved: () => 'All changes saved',
  invalid: (n) => `Not saved: ${n === 1 ? 'one thing needs' : `${n} things need`} fixing`,
  failed: () => 'Not saved',
};

/** Stays at the bottom of the screen while the form scrolls: the save state, Cancel and Save. */
export function SaveBar({
  state,
  problems,
  saveLabel,
  busy,
  onCancel,
}: {
  state: SaveState;
  problems: number;
  saveLabel: string;
  busy: boolean;
  onCancel: () => void;
}) {
  return (
    <div className="save-bar" role="group" aria-label="Save">
      <p className={`save-bar__state save-bar__state--${state}`} role="status">
        {STATE_TEXT[state](problems)}
      </p>
      <div className="save-bar__buttons">
        <button type="button" className="button button--secondary" disabled={busy} onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={busy}>
          {state === 'saving' ? 'Saving...' : saveLabel}
        </button>
      </div>
    </div>
  );
}
