import { useId } from 'react';
import type { ChangeEvent, InputHTMLAttributes } from 'react';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'> & {
  label: string;
  name: string;
  value: string;
  onChange: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
  /** The server's messages for this field (422 `errors[name]`), shown under the input. */
  errors?: string[];
  hint?: string;
};

/** A labelled input whose field errors are announced and tied to it with aria-describedby. */
export function TextField({
  label,
  name,
  value,
  onChange,
  errors,
  hint,
  type = 'text',
  id,
  ...rest
}: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? `${name}-${autoId}`;
  const errorId = `${inputId}-errors`;
  const hintId = `${inputId}-hint`;
  const hasErrors = errors !== undefined && errors.length > 0;
  const describedBy =
    [hint ? hintId : null, hasErrors ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${hasErrors ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
        {rest.required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      <input
        {...rest}
        id={inputId}
        name={name}
        type={type}
        value={value}
        className="field__input"
        aria-invalid={hasErrors || undefined}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value, e)}
      />
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {hasErrors && (
        <ul id={errorId} className="field__errors" role="alert">
          {errors.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
