import { lazy, Suspense, useId } from 'react';

// Its own chunk, fetched only where a rich-text field is shown (authoring screens): students never load it.
const RichTextEditor = lazy(() => import('./rich-text-editor/rich-text-editor.tsx'));

/**
 * A labelled rich-text field: the editor is named by the label (aria-labelledby), and the field's errors
 * describe it. Its value is rich text in the sanitiser's allow-list (src/shared/rich-text.ts); '' when empty.
 */
export function RichTextField({
  label,
  name,
  value,
  onChange,
  errors,
  required,
  rows = 5,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  errors?: string[];
  required?: boolean;
  rows?: number;
}) {
  const id = `${name}-${useId()}`;
  const hasErrors = errors !== undefined && errors.length > 0;
  return (
    <div className={`field rich-text${hasErrors ? ' field--invalid' : ''}`}>
      <div className="field__label" id={`${id}-label`}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </div>
      <Suspense
        fallback={
          <div
            className="field__input rich-editor__fallback"
            aria-busy="true"
            aria-labelledby={`${id}-label`}
          />
        }
      >
        <RichTextEditor
          name={name}
          value={value}
          onChange={onChange}
          labelId={`${id}-label`}
          label={label}
          describedBy={hasErrors ? `${id}-errors` : undefined}
          invalid={hasErrors}
          required={required}
          minRows={rows}
        />
      </Suspense>
      {hasErrors && (
        <div role="alert">
          <ul id={`${id}-errors`} className="field__errors">
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
