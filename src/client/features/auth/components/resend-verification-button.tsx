/** Sends the verification e-mail again (the account screen and the verification link's screen). */
export function ResendVerificationButton({ pending, onClick }: { pending: boolean; onClick(): void }) {
  return (
    <button type="button" className="button button--secondary" disabled={pending} onClick={onClick}>
      {pending ? 'Sending...' : 'Resend verification e-mail'}
    </button>
  );
}
