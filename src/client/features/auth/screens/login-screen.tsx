import { useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PATHS } from '../../../shell/paths.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { CurrentPasswordField, EmailField } from '../../../components/account-fields.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { errorMessage } from '../../../lib/http.ts';
import { useAction } from '../../../lib/use-async.ts';
import { useAdoptTypedValues, useHydrated } from '../../../lib/use-hydrated.ts';
import { login } from '../auth.store.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { AuthCard } from '../components/auth-card.tsx';

const READY = { loading: false, error: null };

export default function LoginScreen() {
  usePageReady(READY);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  const { run, pending, error, fieldErrors } = useAction(login);
  // The prerendered form (scripts/vite-prerender.ts) takes typing at once, but is only sent by the app: the
  // browser's own submission would put the password in the address bar.
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  useAdoptTypedValues(form, {
    values: { email: setEmail, password: setPassword },
    checks: { remember: setRemember },
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await run({ email, password, remember });
    // Everyone starts on the Dashboard; it leads students to the diagnostic when they have not taken it.
    if (result.ok) navigate(PATHS.dashboard, { replace: true });
  };

  const hasFieldErrors = Object.keys(fieldErrors).length > 0;
  return (
    <AuthCard title="Login" intro="Sign in to continue your learning.">
      <form ref={form} className="form" onSubmit={onSubmit}>
        {error !== null && !hasFieldErrors && <FormMessage kind="error">{errorMessage(error)}</FormMessage>}
        <EmailField autoComplete="username" value={email} onChange={setEmail} errors={fieldErrors.email} />
        <CurrentPasswordField
          label="Password"
          name="password"
          value={password}
          onChange={setPassword}
          errors={fieldErrors.password}
        />
        <label className="checkbox">
          <input
            type="checkbox"
            name="remember"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          <span>Remember me</span>
        </label>
        <SubmitButton pending={pending} pendingLabel="Logging in..." disabled={!hydrated}>
          Login
        </SubmitButton>
      </form>
      <nav className="auth-card__links" aria-label="Other options">
        <Link to={PATHS.resetPassword}>Forgot your password?</Link>
        <Link to={PATHS.registration}>Create an account</Link>
      </nav>
    </AuthCard>
  );
}
