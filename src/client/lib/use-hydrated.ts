import { useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import type { RefObject } from 'react';

const subscribe = () => () => {};

/**
 * False in the build's prerender (src/client/prerender.tsx) and in the client render that hydrates it, true
 * right after and in every ordinary render: for what must wait until the app's scripts run, such as sending a
 * form that the browser would otherwise submit by itself.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

type TypedSetters = {
  /** Text-like inputs by name: handed their value when it is not the one rendered. */
  values?: Record<string, (value: string) => void>;
  /** Checkboxes by name: handed their checked state when it is not the one rendered. */
  checks?: Record<string, (checked: boolean) => void>;
};

/**
 * A prerendered form takes typing before the app runs; hydration keeps those DOM values, but the component's
 * state still holds the rendered ones, and its next render would put them back. Once mounted (before the
 * browser paints), what the visitor typed is handed to the state. In an ordinary render nothing differs.
 */
export function useAdoptTypedValues(form: RefObject<HTMLFormElement | null>, setters: TypedSetters): void {
  const first = useRef(setters);
  useLayoutEffect(() => {
    const elements = form.current?.elements;
    if (!elements) return;
    const { values = {}, checks = {} } = first.current;
    for (const [name, set] of Object.entries(values)) {
      const input = elements.namedItem(name);
      if (input instanceof HTMLInputElement && input.value !== input.defaultValue) set(input.value);
    }
    for (const [name, set] of Object.entries(checks)) {
      const input = elements.namedItem(name);
      if (input instanceof HTMLInputElement && input.checked !== input.defaultChecked) set(input.checked);
    }
  }, [form]);
}
