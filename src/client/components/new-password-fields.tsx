import type { FieldErrors } from '../../shared/contracts/common.ts';
import { useState } from 'react';
import { TextField } from './form-field.tsx';

interface Props {
  /** "Password" on registration, "New password" where one is replaced. */
  label: string;
  password: string;
  confirmation: string;
  onPassword(value: string): void;
  onConfirmation(value: string): void;
  errors: FieldErrors;
}

/** A new password and its confirmation, with the server's errors for each (registration, reset, settings). */
export function NewPasswordFields({
  label,
  password,
  confirmation,
  onPassword,
  onConfirmation,
  errors,
}: Props) {
  // The two differ only in their label, name, value and handler: both are a new password.
  const field = (
    fieldLabel: string,
    name: 'password' | 'password_confirmation',
    value: string,
    onChange: (value: string) => void,
  ) => (
    <TextField
      label={fieldLabel}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      value={value}
      onChange={onChange}
      errors={errors[name]}
    />
  );
  return (
    <>
      {field(label, 'password', password, onPassword)}
      {field(`Confirm ${label.toLowerCase()}`, 'password_confirmation', confirmation, onConfirmation)}
    </>
  );
}

/** The state behind NewPasswordFields: spread `fields` onto them; `clear` empties both after a save. */
export function useNewPassword() {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  return {
    password,
    confirmation,
    fields: { password, confirmation, onPassword: setPassword, onConfirmation: setConfirmation },
    clear: () => {
      setPassword('');
      setConfirmation('');
    },
  };
}
