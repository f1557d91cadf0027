// What a toast is, shared by toast.tsx (which callers use) and toast-area.tsx (which shows them).

export type ToastType = 'success' | 'error' | 'warning' | 'info' | 'promise';

export type ToastInput = {
  title?: string;
  message: string;
  type?: ToastType;
  /** Milliseconds before it closes; `false` keeps it until dismissed. */
  duration?: number | false;
  /** A button inside the toast (e.g. "Reload"); clicking it also closes the toast. */
  action?: { label: string; onClick: () => void };
  /** For type 'promise': the toast spins until the promise settles, then shows the matching message. */
  promise?: { promise: Promise<unknown>; success: string; error: string };
};
