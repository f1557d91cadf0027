import { useId, useMemo, useState } from 'react';
import Select from 'react-select';
import type { MultiValue, SingleValue, StylesConfig } from 'react-select';
import { DROPDOWN_DEFAULTS, TEXTS } from '../../shared/constants.ts';

export type DropdownOption<T> = { value: T; label: string; isDisabled?: boolean };

type Common<T> = {
  options: readonly DropdownOption<T>[];
  label?: string;
  'aria-label'?: string;
  id?: string;
  name?: string;
  placeholder?: string;
  isSearchable?: boolean;
  isClearable?: boolean;
  isDisabled?: boolean;
  isLoading?: boolean;
  /** Marks the field required: aria-required, and a clear message once the user leaves it empty. */
  required?: boolean;
  /** An error from outside (e.g. the server's 422 message for this field). */
  error?: string;
};
type Single<T> = Common<T> & { multiple?: false; value: T | null; onChange: (value: T | null) => void };
type Multi<T> = Common<T> & { multiple: true; value: readonly T[]; onChange: (value: T[]) => void };
export type DropdownProps<T> = Single<T> | Multi<T>;

export const REQUIRED_MESSAGE = 'Please select an option.';

const styles: StylesConfig<DropdownOption<unknown>, boolean> = {
  option: (base) => ({
    ...base,
    minHeight: DROPDOWN_DEFAULTS.optionHeight,
    display: 'flex',
    alignItems: 'center',
  }),
  menu: (base) => ({ ...base, zIndex: 20 }),
  // react-select's grey (#808080) is 3.9:1 on white; one step darker reaches WCAG AA's 4.5:1 (4.6:1).
  placeholder: (base) => ({ ...base, color: '#757575' }),
};

function normalise(text: string) {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();
}

/** A searchable select (react-select) with the spec's texts and limits (spec 8 and 9). */
export function Dropdown<T>(props: DropdownProps<T>) {
  const autoId = useId();
  const inputId = props.id ?? `dropdown-${autoId}`;
  const errorId = `${inputId}-error`;
  const [search, setSearch] = useState('');
  const [touched, setTouched] = useState(false);
  const { options } = props;

  // Filtering here (not in react-select) so the 1000-option cap applies to what matches, not to the list head.
  const shown = useMemo(() => {
    const needle = normalise(search);
    const matching = needle ? options.filter((o) => normalise(o.label).includes(needle)) : options;
    return matching.slice(0, DROPDOWN_DEFAULTS.maxOptions);
  }, [options, search]);

  const selected = props.multiple
    ? options.filter((o) => props.value.some((v) => Object.is(v, o.value)))
    : (options.find((o) => Object.is(o.value, props.value)) ?? null);
  const empty = props.multiple ? props.value.length === 0 : props.value === null;
  const requiredError = props.required && touched && empty ? REQUIRED_MESSAGE : undefined;
  const error = props.error ?? requiredError;

  const onChange = (next: SingleValue<DropdownOption<T>> | MultiValue<DropdownOption<T>>) => {
    if (props.multiple) props.onChange(((next ?? []) as MultiValue<DropdownOption<T>>).map((o) => o.value));
    else props.onChange((next as SingleValue<DropdownOption<T>>)?.value ?? null);
  };

  return (
    <div className={`field dropdown${error ? ' field--invalid' : ''}`}>
      {props.label && (
        <label className="field__label" htmlFor={inputId}>
          {props.label}
          {props.required && <span aria-hidden="true"> *</span>}
        </label>
      )}
      <Select<DropdownOption<T>, boolean>
        inputId={inputId}
        name={props.name}
        aria-label={props['aria-label']}
        aria-invalid={error ? true : undefined}
        aria-errormessage={error ? errorId : undefined}
        classNamePrefix="dropdown"
        options={shown}
        value={selected}
        onChange={onChange}
        isMulti={props.multiple ?? false}
        filterOption={null}
        inputValue={search}
        onInputChange={(value, meta) => {
          if (meta.action === 'input-change' || meta.action === 'set-value') setSearch(value);
          if (meta.action === 'menu-close') setSearch('');
        }}
        onBlur={() => setTouched(true)}
        noOptionsMessage={() => (options.length === 0 ? TEXTS.dropdownEmpty : TEXTS.dropdownNoMatch)}
        placeholder={props.placeholder ?? DROPDOWN_DEFAULTS.placeholder}
        isSearchable={props.isSearchable ?? true}
        isClearable={props.isClearable}
        isDisabled={props.isDisabled}
        isLoading={props.isLoading}
        isOptionDisabled={(o) => o.isDisabled === true}
        required={props.required}
        maxMenuHeight={DROPDOWN_DEFAULTS.maxListHeight}
        styles={styles as StylesConfig<DropdownOption<T>, boolean>}
      />
      {error && (
        <p id={errorId} className="field__errors" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
