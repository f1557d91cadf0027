import { useId } from 'react';

/** A labelled multi-line input with the server's field errors under it (the UI kit has single-line only). */
export function TextAreaField({
  label,
  name,
  value,
  onChange,
  errors,
  hint,
  rows = 3,
  maxLength,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  hint?: string;
  rows?: number;
  maxLength?: number;
}) {
  const id = `${name}-${useId()}`;
  const hasErrors = errors !== undefined && errors.length > 0;
  const describedBy = [hint ? `${id}-hint` : null, hasErrors ? `${id}-errors` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`field${hasErrors ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className="field__input"
        rows={rows}
        maxLength={maxLength}
        value={value}
        aria-invalid={hasErrors || undefined}
        aria-describedby={describedBy || undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {hasErrors && (
        <ul id={`${id}-errors`} className="field__errors" role="alert">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
