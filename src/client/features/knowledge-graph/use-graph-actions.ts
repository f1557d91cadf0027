import { useCallback, useState } from 'react';
import type { FieldErrors } from '../../../shared/contracts/common.ts';
import { showToast } from '../../components/toast.tsx';
import { ApiError, errorMessage } from '../../lib/http.ts';

export type Outcome = { ok: true } | { ok: false; fieldErrors: FieldErrors; message: string };
export type Perform = (action: () => Promise<unknown>, success?: string) => Promise<Outcome>;

/**
 * Runs one change to the graph, then reloads it. Refusals without field errors (409: the topic is still
 * used; 404) are shown as a toast; 422 field errors go back to the form that sent them.
 */
export function useGraphActions(reload: () => void): { perform: Perform; busy: boolean } {
  const [busy, setBusy] = useState(false);
  const perform = useCallback<Perform>(
    async (action, success) => {
      setBusy(true);
      try {
        await action();
        reload();
        if (success) showToast({ message: success, type: 'success' });
        return { ok: true };
      } catch (error) {
        const fieldErrors = error instanceof ApiError ? (error.errors ?? {}) : {};
        const message = errorMessage(error);
        if (Object.keys(fieldErrors).length === 0) {
          showToast({ title: 'Not changed', message, type: 'error' });
        }
        return { ok: false, fieldErrors, message };
      } finally {
        setBusy(false);
      }
    },
    [reload],
  );
  return { perform, busy };
}

/** The messages of `fieldErrors` whose field is none of `shown` (so nothing the server said is hidden). */
export function otherErrors(fieldErrors: FieldErrors, shown: readonly string[]): string[] {
  return Object.entries(fieldErrors)
    .filter(([field]) => !shown.includes(field))
    .flatMap(([, messages]) => messages);
}
