import { useCallback, useEffect, useRef, useState } from 'react';
import type { LoginBody, User } from '../../../shared/contracts/auth.ts';
import { ApiError, userMessage } from '../../lib/http.ts';
import { fieldMessages, isNetworkError, isOffline, isTimeout } from '../../lib/user-message.ts';
import { useOnline } from '../../lib/use-online.ts';
import { useAction } from '../../lib/use-async.ts';
import { login } from './auth.store.ts';

/** While waiting with a connection that says it is up (classroom Wi-Fi that lets nothing through). */
const RETRY_MS = 10_000;

export const SIGN_IN_OFFLINE = 'You’re offline. We’ll sign you in when the connection is back.';
export const SIGN_IN_UNREACHABLE =
  'Pathbuilder can’t be reached right now. We’ll keep trying and sign you in as soon as it answers.';

const noAnswer = (error: unknown) => isNetworkError(error) || isTimeout(error) || isOffline();

/**
 * Signing in that survives a dropped connection: with no network the sign-in waits, and goes out by itself
 * when the browser's `online` event fires (and every 10 s while the network says it is up but nothing
 * answers), with what is in the form then. The password stays in the form's memory only, never in storage.
 */
export function useSignIn(read: () => LoginBody, onSignedIn: (user: User) => void) {
  const { run, pending, error, reset } = useAction(login);
  const [waiting, setWaiting] = useState(false);
  const sending = useRef(false);
  const online = useOnline();

  const attempt = useCallback(async () => {
    if (sending.current) return;
    if (isOffline()) {
      reset();
      setWaiting(true);
      return;
    }
    sending.current = true;
    const result = await run(read()).finally(() => {
      sending.current = false;
    });
    if (result.ok) {
      setWaiting(false);
      onSignedIn(result.value);
    } else setWaiting(noAnswer(result.error));
  }, [run, read, reset, onSignedIn]);

  useEffect(() => {
    if (!waiting) return;
    const retry = () => void attempt();
    window.addEventListener('online', retry);
    const timer = setInterval(() => {
      if (!isOffline()) retry();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      clearInterval(timer);
    };
  }, [waiting, attempt]);

  let message: { kind: 'error' | 'info'; text: string } | null = null;
  if (waiting) message = { kind: 'info', text: online ? SIGN_IN_UNREACHABLE : SIGN_IN_OFFLINE };
  else if (error instanceof ApiError && error.status === 422)
    // Wrong credentials (the server files them under `email`, Laravel's way) concern the whole form.
    message = { kind: 'error', text: fieldMessages(error).join(' ') || userMessage(error) };
  else if (error !== null) message = { kind: 'error', text: userMessage(error) };
  return { submit: () => void attempt(), pending, waiting, message };
}
