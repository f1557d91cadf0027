import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/http.ts';
import { Loading } from '../loading.tsx';

/** A failed load with its message and "Try again"; the classes are the screen's. */
export function LoadError({
  error,
  onRetry,
  className,
  buttonClassName = 'button button--secondary',
}: {
  error: unknown;
  onRetry: () => void;
  className?: string;
  buttonClassName?: string;
}) {
  return (
    <div className={className} role="alert">
      <p>{errorMessage(error)}</p>
      <button type="button" className={buttonClassName} onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/**
 * What a list shows while it loads, when it failed, when it is empty, and then the rows (`children`).
 * `errors`: `form` shows the form-message box with "Try again" only while nothing has loaded (a later failure
 * keeps the rows), `message` the same box without the button (with `staleErrors`, over loaded rows too);
 * `alert` shows a plain alert whenever the last load failed; `none` keeps the spinner (a saved copy comes).
 */
export function ListBody<T>({
  load,
  isEmpty = () => false,
  empty = null,
  children,
  errors = 'form',
  errorClassName,
  staleErrors = false,
  loading = 'centered',
}: {
  load: { data: T | undefined; error: unknown; reload: () => void };
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
  errors?: 'form' | 'message' | 'alert' | 'none';
  /** With `alert`: the alert's class. */
  errorClassName?: string;
  staleErrors?: boolean;
  loading?: 'centered' | 'inline';
}) {
  const data = load.data;
  const failed = load.error !== null && (staleErrors || !data);
  if (errors === 'form' && failed)
    return (
      <LoadError
        error={load.error}
        onRetry={load.reload}
        className="form-message form-message--error"
        buttonClassName="button button--small"
      />
    );
  if (errors === 'message' && failed)
    return (
      <p className="form-message form-message--error" role="alert">
        {errorMessage(load.error)}
      </p>
    );
  if (errors === 'alert' && load.error)
    return <LoadError error={load.error} onRetry={load.reload} className={errorClassName} />;
  if (!data) return <Loading variant={loading} />;
  if (isEmpty(data)) return <>{empty}</>;
  return <>{children(data)}</>;
}
