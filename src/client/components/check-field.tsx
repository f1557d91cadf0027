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
