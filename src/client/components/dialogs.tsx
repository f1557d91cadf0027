import { useEffect, useId, useRef, useSyncExternalStore } from 'react';
import type { KeyboardEvent } from 'react';
import { TEXTS } from '../../shared/constants.ts';

type AlertRequest = { kind: 'alert'; title: string; text: string; image?: string; resolve: () => void };
type ConfirmRequest = { kind: 'confirm'; text: string; resolve: (ok: boolean) => void };
type DialogRequest = (AlertRequest | ConfirmRequest) & { id: number };

// Module-level queue so any code (not only components) can ask; one dialog is shown at a time, in order.
let queue: readonly DialogRequest[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setQueue(next: readonly DialogRequest[]) {
  queue = next;
  listeners.forEach((l) => l());
}
function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function close(id: number) {
  setQueue(queue.filter((d) => d.id !== id));
}

/** Asks the user a yes/no question; resolves true on Yes, false on Cancel or Escape. */
export function confirmDialog(text: string): Promise<boolean> {
  return new Promise((resolve) => {
    const id = nextId++;
    const answer = (ok: boolean) => {
      close(id);
      resolve(ok);
    };
    setQueue([...queue, { id, kind: 'confirm', text, resolve: answer }]);
  });
}

/** Shows a message with a Close button; resolves once closed. */
export function alertDialog({
  title,
  text,
  image,
}: {
  title: string;
  text: string;
  image?: string;
}): Promise<void> {
  return new Promise((resolve) => {
    const id = nextId++;
    const done = () => {
      close(id);
      resolve();
    };
    setQueue([...queue, { id, kind: 'alert', title, text, image, resolve: done }]);
  });
}

/** Renders the first queued dialog. Mount once, near the root. */
export function DialogHost() {
  // The build's prerender (and the hydration of it) has no dialog yet.
  const current = useSyncExternalStore(
    subscribe,
    () => queue[0],
    () => undefined,
  );
  if (!current) return null;
  return <Dialog key={current.id} request={current} />;
}

function Dialog({ request }: { request: DialogRequest }) {
  const titleId = useId();
  const textId = useId();
  const boxRef = useRef<HTMLDivElement>(null);
  const primaryRef = useRef<HTMLButtonElement>(null);

  // Focus moves into the dialog and back to where it was, so keyboard users do not lose their place.
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    primaryRef.current?.focus();
    return () => previous?.focus();
  }, []);

  const dismiss = () => (request.kind === 'confirm' ? request.resolve(false) : request.resolve());

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      dismiss();
      return;
    }
    if (e.key !== 'Tab' || !boxRef.current) return;
    // Keep Tab inside the modal.
    const buttons = Array.from(boxRef.current.querySelectorAll<HTMLElement>('button'));
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (e.shiftKey && document.activeElement === first) {
      e.preventDefault();
      last?.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first?.focus();
    }
  };

  const title = request.kind === 'confirm' ? TEXTS.confirmTitle : request.title;
  return (
    <div className="dialog-backdrop">
      <div
        ref={boxRef}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={textId}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className="dialog__title">
          {title}
        </h2>
        {request.kind === 'alert' && request.image && (
          <img className="dialog__image" src={request.image} alt="" />
        )}
        <p id={textId} className="dialog__text">
          {request.text}
        </p>
        <div className="dialog__actions">
          {request.kind === 'confirm' ? (
            <>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => request.resolve(false)}
              >
                Cancel
              </button>
              <button ref={primaryRef} type="button" className="button" onClick={() => request.resolve(true)}>
                Yes
              </button>
            </>
          ) : (
            <button ref={primaryRef} type="button" className="button" onClick={() => request.resolve()}>
              Close
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
