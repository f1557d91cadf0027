import { TEXTS } from '../../shared/constants.ts';

/** Spinner with a visible label; `centered` fills its container, `inline` sits in a line of text. */
export function Loading({
  variant = 'centered',
  label = TEXTS.loading,
}: {
  variant?: 'centered' | 'inline';
  label?: string;
}) {
  return (
    <div className={`loading loading--${variant}`} role="status" aria-live="polite">
      <span className="loading__spinner" aria-hidden="true" />
      <span className="loading__label">{label}</span>
    </div>
  );
}
