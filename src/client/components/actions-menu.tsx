import { forwardRef, useEffect, useId, useImperativeHandle, useLayoutEffect, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import './actions-menu.css';

export type MenuAction = {
  label: string;
  onSelect: () => void;
  /** Shown but inert (aria-disabled), so the list keeps its shape: "Move up" on the first row. */
  disabled?: boolean;
  /** Destructive: drawn in the danger colour. */
  danger?: boolean;
  /** A separator line comes before it (keeps a delete apart from the rest). */
  separated?: boolean;
};

export type ActionsMenuHandle = { focus: () => void };

/**
 * A menu button (WAI-ARIA APG): the button opens a list of actions. Arrow keys, Home and End move through
 * it, a letter jumps to the action it starts, Enter or Space runs one, Escape closes it and gives the focus
 * back to the button, Tab leaves it. One button per row instead of a row of buttons.
 */
export const ActionsMenu = forwardRef<ActionsMenuHandle, { label: string; actions: MenuAction[] }>(
  function ActionsMenu({ label, actions }, ref) {
    const id = useId();
    const [open, setOpen] = useState(false);
    const [active, setActive] = useState(0);
    const [upward, setUpward] = useState(false);
    const buttonRef = useRef<HTMLButtonElement>(null);
    const boxRef = useRef<HTMLDivElement>(null);
    const menuRef = useRef<HTMLUListElement>(null);
    const items = useRef<(HTMLButtonElement | null)[]>([]);
    useImperativeHandle(ref, () => ({ focus: () => buttonRef.current?.focus() }), []);

    const show = (index: number) => {
      setActive((index + actions.length) % actions.length);
      setOpen(true);
    };
    const close = (returnFocus: boolean) => {
      setOpen(false);
      if (returnFocus) buttonRef.current?.focus();
    };

    // Opens upward when there is no room below (a row near the bottom of a phone screen).
    useLayoutEffect(() => {
      if (!open || !menuRef.current || !buttonRef.current) return;
      const below = window.innerHeight - buttonRef.current.getBoundingClientRect().bottom;
      setUpward(below < menuRef.current.offsetHeight + 8);
    }, [open]);

    useEffect(() => {
      if (open) items.current[active]?.focus();
    }, [open, active]);

    // A press anywhere else closes it, leaving the focus where that press put it.
    useEffect(() => {
      if (!open) return;
      const away = (event: PointerEvent) => {
        if (!boxRef.current?.contains(event.target as Node)) setOpen(false);
      };
      document.addEventListener('pointerdown', away);
      return () => document.removeEventListener('pointerdown', away);
    }, [open]);

    const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        show(0);
      } else if (event.key === 'ArrowUp') {
        event.preventDefault();
        show(actions.length - 1);
      }
    };

    const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
      const moves: Record<string, number | undefined> = {
        ArrowDown: active + 1,
        ArrowUp: active - 1,
        Home: 0,
        End: actions.length - 1,
      };
      const next = moves[event.key];
      if (next !== undefined) {
        event.preventDefault();
        setActive((next + actions.length) % actions.length);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        close(true);
      } else if (event.key === 'Tab') {
        setOpen(false);
      } else if (event.key.length === 1 && /\S/.test(event.key)) {
        const key = event.key.toLowerCase();
        const after = [...actions.keys()].map((k) => (active + 1 + k) % actions.length);
        const match = after.find((k) => actions[k]!.label.toLowerCase().startsWith(key));
        if (match !== undefined) setActive(match);
      }
    };

    const run = (action: MenuAction) => {
      if (action.disabled) return;
      close(true);
      action.onSelect();
    };

    return (
      <div className="actions-menu" ref={boxRef}>
        <button
          ref={buttonRef}
          type="button"
          id={`${id}-button`}
          className="button button--small button--secondary actions-menu__button"
          aria-label={label}
          aria-haspopup="menu"
          aria-expanded={open}
          aria-controls={open ? `${id}-menu` : undefined}
          onClick={() => (open ? close(false) : show(0))}
          onKeyDown={onButtonKey}
        >
          Actions <span aria-hidden="true">▾</span>
        </button>
        {open && (
          <ul
            ref={menuRef}
            id={`${id}-menu`}
            role="menu"
            aria-labelledby={`${id}-button`}
            className={`actions-menu__list${upward ? ' actions-menu__list--up' : ''}`}
            onKeyDown={onMenuKey}
          >
            {actions.map((action, index) => (
              <li
                key={action.label}
                role="none"
                className={action.separated ? 'actions-menu__separated' : undefined}
              >
                {action.separated && <hr role="separator" className="actions-menu__separator" />}
                <button
                  ref={(el) => {
                    items.current[index] = el;
                  }}
                  type="button"
                  role="menuitem"
                  tabIndex={-1}
                  aria-disabled={action.disabled || undefined}
                  className={`actions-menu__item${action.danger ? ' actions-menu__item--danger' : ''}`}
                  onClick={() => run(action)}
                  onMouseEnter={() => setActive(index)}
                >
                  {action.label}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    );
  },
);
