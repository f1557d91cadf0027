import { useId } from 'react';
import type { ChangeEvent, InputHTMLAttributes, ReactNode } from 'react';

interface FieldProps {
  label: string;
  name: string;
  value: string;
  /** The server's messages for this field (422 `errors[name]`), shown under the input. */
  errors?: string[];
  hint?: string;
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'name'> &
  FieldProps & {
    onChange: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
  };

/** Ids and aria wiring shared by every field: the hint and the errors are tied to the control. */
function useFieldIds(name: string, id: string | undefined, hint: string | undefined, errors?: string[]) {
  const autoId = useId();
  const inputId = id ?? `${name}-${autoId}`;
  const hasErrors = errors !== undefined && errors.length > 0;
  const describedBy =
    [hint ? `${inputId}-hint` : null, hasErrors ? `${inputId}-errors` : null].filter(Boolean).join(' ') ||
    undefined;
  return {
    inputId,
    hasErrors,
    control: { id: inputId, 'aria-invalid': hasErrors || undefined, 'aria-describedby': describedBy },
  };
}

/** The label above, the hint and the announced errors below: one markup for every kind of field. */
function FieldFrame({
  inputId,
  label,
  required,
  hint,
  errors,
  children,
}: {
  inputId: string;
  label: string;
  required?: boolean;
  hint?: string;
  errors?: string[];
  children: ReactNode;
}) {
  const hasErrors = errors !== undefined && errors.length > 0;
  return (
    <div className={`field${hasErrors ? ' field--invalid' : ''}`}>
      <label className="field__label" htmlFor={inputId}>
        {label}
        {required && (
          <span className="field__required" aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children}
      {hint && (
        <p id={`${inputId}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {hasErrors && (
        // The alert wraps the list: role="alert" on the <ul> itself would take away its list semantics.
        <div role="alert">
          <ul id={`${inputId}-errors`} className="field__errors">
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

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
  const { inputId, control } = useFieldIds(name, id, hint, errors);
  return (
    <FieldFrame inputId={inputId} label={label} required={rest.required} hint={hint} errors={errors}>
      <input
        {...rest}
        {...control}
        name={name}
        type={type}
        value={value}
        className="field__input"
        onChange={(e) => onChange(e.target.value, e)}
      />
    </FieldFrame>
  );
}

/** The multi-line twin of TextField. */
export function TextAreaField({
  label,
  name,
  value,
  onChange,
  errors,
  hint,
  rows = 3,
  maxLength,
  className,
  id,
}: FieldProps & {
  onChange: (value: string) => void;
  /** The textarea's id (a link to the field, e.g. from an error summary); generated when absent. */
  id?: string;
  rows?: number;
  maxLength?: number;
  /** Extra classes for the textarea. */
  className?: string;
}) {
  const { inputId, control } = useFieldIds(name, id, hint, errors);
  return (
    <FieldFrame inputId={inputId} label={label} hint={hint} errors={errors}>
      <textarea
        {...control}
        name={name}
        className={className ? `field__input ${className}` : 'field__input'}
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </FieldFrame>
  );
}
