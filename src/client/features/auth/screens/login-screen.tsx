import { useCallback, useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { PATHS } from '../../../shell/paths.ts';
import { usePageReady } from '../../../shell/page-load.tsx';
import { CurrentPasswordField, EmailField } from '../../../components/account-fields.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useAdoptTypedValues, useHydrated } from '../../../lib/use-hydrated.ts';
import type { User } from '../../../../shared/contracts/auth.ts';
import { homePathOf } from '../../../shell/session.ts';
import { useSignIn } from '../use-sign-in.ts';
import { FormMessage } from '../../../components/form-message.tsx';
import { AuthCard } from '../components/auth-card.tsx';

const READY = { loading: false, error: null };

export default function LoginScreen() {
  usePageReady(READY);
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(false);
  // The form's values as of now: a sign-in that waited for the network sends what the form holds then.
  const values = useRef({ email, password, remember });
  useEffect(() => {
    values.current = { email, password, remember };
  }, [email, password, remember]);
  const read = useCallback(() => values.current, []);
  // Staff start in the back office, students on their Dashboard (which leads to the diagnostic if not taken).
  const signedIn = useCallback((user: User) => navigate(homePathOf(user), { replace: true }), [navigate]);
  const { submit, pending, message } = useSignIn(read, signedIn);
  // The prerendered form (scripts/vite-prerender.ts) takes typing at once, but is only sent by the app: the
  // browser's own submission would put the password in the address bar.
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  useAdoptTypedValues(form, {
    values: { email: setEmail, password: setPassword },
    checks: { remember: setRemember },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    submit();
  };

  return (
    <AuthCard title="Login" intro="Sign in to continue your learning.">
      <form ref={form} className="form" onSubmit={onSubmit}>
        <EmailField autoComplete="username" value={email} onChange={setEmail} />
        <CurrentPasswordField label="Password" name="password" value={password} onChange={setPassword} />
        <label className="checkbox">
          <input
            type="checkbox"
            name="remember"
            checked={remember}
            onChange={(event) => setRemember(event.target.checked)}
          />
          <span>Remember me</span>
        </label>
        {/* Wrong credentials, and waiting for the network, concern the whole form: said above its button. */}
        {message && <FormMessage kind={message.kind}>{message.text}</FormMessage>}
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
