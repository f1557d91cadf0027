import { useState } from 'react';
import type { FormEvent } from 'react';
import type { FieldErrors } from '../../../../shared/contracts/common.ts';
import { TextAreaField, TextField } from '../../../components/form-field.tsx';
import { otherErrors } from '../use-graph-actions.ts';
import type { Outcome } from '../use-graph-actions.ts';

export type FieldSpec = { name: string; label: string; multiline?: boolean; required?: boolean };

/** A small form for naming a subject or sub topic; closes itself only when the server accepted it. */
export function InlineForm({
  label,
  fields,
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  label: string;
  fields: readonly FieldSpec[];
  initial: Record<string, string>;
  submitLabel: string;
  onSubmit: (values: Record<string, string>) => Promise<Outcome>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPending(true);
    const outcome = await onSubmit(values);
    setPending(false);
    if (outcome.ok) onCancel();
    else setErrors(outcome.fieldErrors);
  };

  const rest = otherErrors(
    errors,
    fields.map((f) => f.name),
  );
  return (
    <form className="kg-inline-form" aria-label={label} onSubmit={submit}>
      {rest.length > 0 && (
        <div className="form-message form-message--error" role="alert">
          {rest.join(' ')}
        </div>
      )}
      {fields.map((f) =>
        f.multiline ? (
          <TextAreaField
            key={f.name}
            label={f.label}
            name={f.name}
            value={values[f.name] ?? ''}
            rows={2}
            onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))}
            errors={errors[f.name]}
          />
        ) : (
          <TextField
            key={f.name}
            label={f.label}
            name={f.name}
            required={f.required}
            value={values[f.name] ?? ''}
            onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))}
            errors={errors[f.name]}
          />
        ),
      )}
      <div className="kg-inline-form__actions">
        <button type="submit" className="button button--small" disabled={pending}>
          {pending ? 'Saving...' : submitLabel}
        </button>
        <button type="button" className="button button--small button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
