// The react-toastify half of the toasts, loaded with the first toast (components/toast.tsx), so the first
// screen does not download or run it. Only toast.tsx imports this module.
import { ToastContainer, toast } from 'react-toastify';
import type { Id, ToastContentProps, ToastOptions, TypeOptions } from 'react-toastify';
import { STARTUP_TOAST, TOAST_DEFAULT_DURATION_MS, TOUCH_PAUSE_RESUME_MS } from '../../shared/constants.ts';
import type { ToastInput, ToastType } from './toast-types.ts';

export const STARTUP_CONTAINER = 'startup';

function ToastBody({ input, closeToast, toastProps }: { input: ToastInput } & ToastContentProps) {
  const target = { id: toastProps.toastId, containerId: toastProps.containerId };
  return (
    <div
      className="toast-body"
      // A finger on the toast holds it; it resumes a moment after the finger lifts (spec 9: 2000 ms).
      onTouchStart={() => toast.pause(target)}
      onTouchEnd={() => window.setTimeout(() => toast.play(target), TOUCH_PAUSE_RESUME_MS)}
    >
      {input.title && <strong className="toast-body__title">{input.title}</strong>}
      <span className="toast-body__message">{input.message}</span>
      {input.action && (
        <button
          type="button"
          className="button button--small toast-body__action"
          onClick={(e) => {
            e.stopPropagation();
            input.action?.onClick();
            closeToast(true);
          }}
        >
          {input.action.label}
        </button>
      )}
    </div>
  );
}

function render(input: ToastInput) {
  return (props: ToastContentProps) => <ToastBody input={input} {...props} />;
}

function toastType(type: ToastType | undefined): TypeOptions {
  return type === undefined || type === 'promise' ? 'info' : type;
}

/** Shows a toast in the main area (top-center, 6000 ms unless `duration` says otherwise). */
export function showToastNow(input: ToastInput, options: ToastOptions & { toastId: Id }): void {
  const autoClose = input.duration ?? TOAST_DEFAULT_DURATION_MS;
  if (input.type !== 'promise') {
    toast(render(input), { ...options, type: toastType(input.type), autoClose });
    return;
  }
  const id = toast.loading(render(input), options);
  input.promise?.promise.then(
    () => settle(id, input, 'success', input.promise?.success ?? input.message, autoClose),
    () => settle(id, input, 'error', input.promise?.error ?? input.message, autoClose),
  );
}

function settle(
  id: Id,
  input: ToastInput,
  type: 'success' | 'error',
  message: string,
  autoClose: number | false,
) {
  toast.update(id, {
    render: render({ ...input, type, message }),
    type,
    isLoading: false,
    autoClose,
    closeButton: true,
    closeOnClick: true,
    draggable: 'touch',
  });
}

/** Start-up messages: top-right, at most 4 at once, the rest queued, 3000 ms each. */
export function showStartupToastNow(
  input: Omit<ToastInput, 'type' | 'promise'> & { type?: Exclude<ToastType, 'promise'> },
  toastId: string,
  onClose: () => void,
): void {
  toast(render(input), {
    toastId,
    containerId: STARTUP_CONTAINER,
    type: toastType(input.type),
    autoClose: input.duration ?? STARTUP_TOAST.durationMs,
    onClose,
  });
}

/** Both toast areas. */
export function ToastArea() {
  return (
    <>
      <ToastContainer
        aria-label="Messages"
        position="top-center"
        autoClose={TOAST_DEFAULT_DURATION_MS}
        pauseOnFocusLoss
        pauseOnHover
        draggable="touch"
      />
      <ToastContainer
        containerId={STARTUP_CONTAINER}
        aria-label="Start-up messages"
        position="top-right"
        autoClose={STARTUP_TOAST.durationMs}
        limit={STARTUP_TOAST.limit}
        pauseOnFocusLoss
        pauseOnHover
        draggable="touch"
      />
    </>
  );
}
