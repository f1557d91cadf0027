import { useState } from 'react';
import type { FormEvent } from 'react';
import { TextField } from '../form-field.tsx';

/**
 * A search box that searches on Enter or the Search button (not while typing): the trimmed text goes to
 * `onSearch` (empty clears the search). With `field`, the box is a labelled form field (`name` is the
 * field's); otherwise its label is for screen readers only and `id` is the input's.
 */
export function SearchForm({
  className,
  label,
  onSearch,
  initial = '',
  field,
  id,
  placeholder,
}: {
  className: string;
  label: string;
  onSearch: (search: string) => void;
  initial?: string;
  field?: { name: string };
  id?: string;
  placeholder?: string;
}) {
  const [draft, setDraft] = useState(initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(draft.trim());
  };
  return (
    <form className={className} role="search" onSubmit={submit}>
      {field ? (
        <TextField label={label} name={field.name} type="search" value={draft} onChange={setDraft} />
      ) : (
        <>
          <label className="visually-hidden" htmlFor={id}>
            {label}
          </label>
          <input
            id={id}
            className="field__input"
            type="search"
            placeholder={placeholder}
            value={draft}
            maxLength={200}
            onChange={(e) => setDraft(e.target.value)}
          />
        </>
      )}
      <button type="submit" className="button button--secondary">
        Search
      </button>
    </form>
  );
}
