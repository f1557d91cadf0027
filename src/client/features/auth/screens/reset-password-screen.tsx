import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PATHS } from '../../../shell/paths.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { EmailField } from '../../../components/account-fields.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { NewPasswordFields, useNewPassword } from '../../../components/new-password-fields.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-async.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import {
  clearPasswordErrors,
  resetPassword,
  sendResetPasswordEmail,
  usePasswordErrors,
} from '../password.store.ts';

const READY = { loading: false, error: null };

export default function ResetPasswordScreen() {
  usePageReady(READY);
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email');
  return token && email ? <NewPasswordForm token={token} email={email} /> : <RequestLinkForm />;
}

function RequestLinkForm() {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const { run, pending, error, fieldErrors } = useAction(sendResetPasswordEmail);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await run(email);
    if (result.ok) setSent(result.value);
  };

  return (
    <AuthCard
      title="Reset Password"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      {sent !== null ? (
        <FormMessage kind="success">{sent}</FormMessage>
      ) : (
        <form className="form" onSubmit={onSubmit}>
          {error !== null && !fieldErrors.email && (
            <FormMessage kind="error">{errorMessage(error)}</FormMessage>
          )}
          <EmailField value={email} onChange={setEmail} errors={fieldErrors.email} />
          <SubmitButton pending={pending} pendingLabel="Sending...">
            Send reset link
          </SubmitButton>
        </form>
      )}
      <nav className="auth-card__links" aria-label="Other options">
        <Link to={PATHS.login}>Back to Login</Link>
      </nav>
    </AuthCard>
  );
}

function NewPasswordForm({ token, email }: { token: string; email: string }) {
  const newPassword = useNewPassword();
  const [done, setDone] = useState<string | null>(null);
  const { run, pending, error } = useAction(resetPassword);
  const { resetErrors } = usePasswordErrors();
  // The errors live in a store; a later visit must not start with this visit's errors.
  useEffect(() => clearPasswordErrors, []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await run({
      token,
      email,
      password: newPassword.password,
      password_confirmation: newPassword.confirmation,
    });
    if (result.ok) setDone(result.value ?? 'Your password has been reset.');
  };

  if (done !== null) {
    return (
      <AuthCard title="Reset Password">
        <FormMessage kind="success">{done}</FormMessage>
        <Link className="button" to={PATHS.login}>
          Go to Login
        </Link>
      </AuthCard>
    );
  }

  // The link's token and address are not editable here, so their errors belong to the whole form.
  const linkErrors = [...(resetErrors.token ?? []), ...(resetErrors.email ?? [])];
  const fieldsHaveErrors = Object.keys(resetErrors).length > 0;
  return (
    <AuthCard title="Reset Password" intro={`Choose a new password for ${email}.`}>
      <form className="form" onSubmit={onSubmit}>
        {linkErrors.length > 0 && (
          <FormMessage kind="error">
            {linkErrors.join(' ')} <Link to={PATHS.resetPassword}>Request a new link</Link>
          </FormMessage>
        )}
        {error !== null && !fieldsHaveErrors && <FormMessage kind="error">{errorMessage(error)}</FormMessage>}
        <NewPasswordFields label="New password" {...newPassword.fields} errors={resetErrors} />
        <SubmitButton pending={pending} pendingLabel="Saving...">
          Reset password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
