import type { ReactNode } from 'react';

/**
 * A checkbox, or one radio of a group (`name` groups them), with its text as its label (`label.checkbox`).
 * A radio reports only being chosen: its `onChange` is called with true.
 */
export function CheckField({
  type = 'checkbox',
  name,
  checked,
  onChange,
  children,
}: {
  type?: 'checkbox' | 'radio';
  name?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className="checkbox">
      <input type={type} name={name} checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {children}
    </label>
  );
}

/** One radio (a CheckField) per option, grouped by `name`; choosing one calls `onChange` with its value. */
export function RadioChoices<T extends string | number | boolean>({
  name,
  value,
  options,
  onChange,
}: {
  name: string;
  /** None chosen yet: null. */
  value: T | null;
  options: ReadonlyArray<{ value: T; label: ReactNode }>;
  onChange: (value: T) => void;
}) {
  return (
    <>
      {options.map((o) => (
        <CheckField
          key={String(o.value)}
          type="radio"
          name={name}
          checked={value === o.value}
          onChange={() => onChange(o.value)}
        >
          {o.label}
        </CheckField>
      ))}
    </>
  );
}
