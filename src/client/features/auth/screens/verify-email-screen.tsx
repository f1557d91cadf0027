import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PATHS } from '../../../shell/paths.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useAction, useLoad } from '../../../lib/use-async.ts';
import { useAuth } from '../../../shell/session.ts';
import { sendVerificationEmail, verifyEmail } from '../auth.store.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { AuthCard } from '../components/auth-card.tsx';
import { ResendVerificationButton } from '../components/resend-verification-button.tsx';

const INCOMPLETE_LINK = 'This verification link is incomplete. Please open the link from the e-mail again.';

export default function VerifyEmailScreen() {
  const [params] = useSearchParams();
  const id = params.get('id');
  const signature = params.get('signature');
  const expires = params.get('expires');
  const { user } = useAuth();

  const verify = useMemo(
    () =>
      id && signature && expires
        ? () => verifyEmail(id, { signature, expires: Number(expires) })
        : () => Promise.reject(new Error(INCOMPLETE_LINK)),
    [id, signature, expires],
  );
  const result = useLoad(verify);
  // A failed verification is an answer to show, not a page that failed to load.
  usePageReady({ loading: result.loading, error: null });

  const resend = useAction(sendVerificationEmail);
  const [resent, setResent] = useState<string | null>(null);
  const onResend = async () => {
    const outcome = await resend.run();
    if (outcome.ok) setResent(outcome.value);
  };

  return (
    <AuthCard title="Verify Email">
      {result.loading && <p className="auth-card__intro">Verifying your e-mail address...</p>}
      {!result.loading && result.error === null && (
        <FormMessage kind="success">{result.data ?? 'Your e-mail address has been verified.'}</FormMessage>
      )}
      {!result.loading && result.error !== null && (
        <FormMessage kind="error">{errorMessage(result.error)}</FormMessage>
      )}
      {!result.loading && user && !user.email_verified && (
        <div className="form">
          {resent !== null && <FormMessage kind="success">{resent}</FormMessage>}
          {resend.error !== null && <FormMessage kind="error">{errorMessage(resend.error)}</FormMessage>}
          <ResendVerificationButton pending={resend.pending} onClick={onResend} />
        </div>
      )}
      <nav className="auth-card__links" aria-label="Other options">
        {user ? (
          <Link to={PATHS.dashboard}>Go to the Dashboard</Link>
        ) : (
          <Link to={PATHS.login}>Go to Login</Link>
        )}
      </nav>
    </AuthCard>
  );
}
