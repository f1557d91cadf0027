import type { ReactNode } from 'react';

/** A form's submit button: disabled while the form is being sent, and saying so ("Saving..."). */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled = false,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  /** Disabled for another reason too (the login form before the app has taken over). */
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button type="submit" className="button" disabled={pending || disabled}>
      {pending ? pendingLabel : children}
    </button>
  );
}
