import { useState } from 'react';
import type { FormEvent } from 'react';
import { TextField } from '../../../components/form-field.tsx';

/** A search box with its button; submits the trimmed text (empty clears the search). */
export function SearchForm({
  label,
  initial,
  onSearch,
}: {
  label: string;
  initial: string;
  onSearch: (text: string) => void;
}) {
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="resources__search" role="search" onSubmit={submit}>
      <TextField label={label} name="resource-search" type="search" value={text} onChange={setText} />
      <button type="submit" className="button button--secondary">
        Search
      </button>
    </form>
  );
}
