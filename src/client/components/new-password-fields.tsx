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
  return (
    <>
      <TextField
        label={label}
        name="password"
        type="password"
        autoComplete="new-password"
        required
        value={password}
        onChange={onPassword}
        errors={errors.password}
      />
      <TextField
        label={`Confirm ${label.toLowerCase()}`}
        name="password_confirmation"
        type="password"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={onConfirmation}
        errors={errors.password_confirmation}
      />
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
