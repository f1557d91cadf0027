import { TextField } from './form-field.tsx';

interface Props {
  value: string;
  onChange(value: string): void;
  /** The server's messages for this field. */
  errors?: string[];
}

/** A person's full name, as registration and the account form ask for it. */
export function FullNameField({ value, onChange, errors }: Props) {
  return (
    <TextField
      label="Full name"
      name="full_name"
      autoComplete="name"
      required
      value={value}
      onChange={onChange}
      errors={errors}
    />
  );
}

/** An e-mail address; the login form says it is the username (`autoComplete="username"`). */
export function EmailField({
  value,
  onChange,
  errors,
  autoComplete = 'email',
}: Props & { autoComplete?: 'email' | 'username' }) {
  return (
    <TextField
      label="E-mail"
      name="email"
      type="email"
      autoComplete={autoComplete}
      required
      value={value}
      onChange={onChange}
      errors={errors}
    />
  );
}

/** The password a person signs in with ("Password" at login, "Current password" where it is changed). */
export function CurrentPasswordField({
  label,
  name,
  value,
  onChange,
  errors,
}: Props & { label: string; name: string }) {
  return (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete="current-password"
      required
      value={value}
      onChange={onChange}
      errors={errors}
    />
  );
}
