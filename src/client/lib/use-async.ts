import { startTransition, useCallback, useEffect, useRef, useState } from 'react';
import type { FieldErrors } from '../../shared/contracts/common.ts';
import { ApiError, isAbortError, isSavedCopy, updatedAtOf, updatedAtOfSignal } from './http.ts';

export interface LoadState<T> {
  data: T | undefined;
  loading: boolean;
  error: unknown;
  reload: () => void;
  /**
   * When the server produced the data shown (ms since epoch): a cached answer keeps its original time.
   * The oldest of the run's requests wins; undefined before data or when no request said.
   */
  updatedAt: number | undefined;
  /** Some of the data is a copy saved earlier (the network failed), not the server's answer now. */
  saved: boolean;
}

interface Settled<T> {
  load: unknown;
  attempt: number;
  data: T | undefined;
  error: unknown;
  updatedAt: number | undefined;
  saved: boolean;
}

function oldest(a: number | undefined, b: number | undefined): number | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}

export interface LoadOptions {
  /**
   * Shows the answer as a transition: React renders it in slices between which the browser stays
   * responsive, instead of in one long task. For a first screen's large sections; the previous state
   * (nothing, or the last data) stays on screen until the whole update is ready, so nothing flashes.
   */
  transition?: boolean;
}

/**
 * Runs `load` (keep it stable with useCallback) when it changes, cancelling the previous run and the run
 * in flight at unmount. `null` means there is nothing to load yet (e.g. schools before a location).
 */
export function useLoad<T>(
  load: ((signal: AbortSignal) => Promise<T>) | null,
  { transition = false }: LoadOptions = {},
): LoadState<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  useEffect(() => {
    if (!load) return;
    const controller = new AbortController();
    const settle = (next: Settled<T>) =>
      transition ? startTransition(() => setSettled(next)) : setSettled(next);
    load(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        const updatedAt = oldest(updatedAtOfSignal(controller.signal), updatedAtOf(data));
        const saved = isSavedCopy(data, controller.signal);
        settle({ load, attempt, data, error: null, updatedAt, saved });
      },
      (error: unknown) => {
        if (!controller.signal.aborted && !isAbortError(error))
          settle({ load, attempt, data: undefined, error, updatedAt: undefined, saved: false });
      },
    );
    return () => controller.abort();
  }, [load, attempt, transition]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const current = settled !== null && settled.load === load;
  const fresh = current && settled.attempt === attempt;
  return {
    // Keeps showing the last data of the same loader during a reload instead of flashing empty.
    data: current ? settled.data : undefined,
    loading: load !== null && !fresh,
    error: fresh ? settled.error : null,
    reload,
    updatedAt: current ? settled.updatedAt : undefined,
    saved: current && settled.saved,
  };
}

export type ActionResult<R> = { ok: true; value: R } | { ok: false; error: unknown };

export interface ActionState<A extends unknown[], R> {
  run: (...args: A) => Promise<ActionResult<R>>;
  pending: boolean;
  error: unknown;
  /** The 422 answer's per-field messages of the last failure, `{}` otherwise. */
  fieldErrors: FieldErrors;
  reset: () => void;
}

const idle = { pending: false, error: null, fieldErrors: {} };

/** Wraps a form submission: tracks pending, keeps the last failure for display, never throws. */
export function useAction<A extends unknown[], R>(action: (...args: A) => Promise<R>): ActionState<A, R> {
  const [state, setState] = useState<{ pending: boolean; error: unknown; fieldErrors: FieldErrors }>(idle);
  const run = useCallback(
    async (...args: A): Promise<ActionResult<R>> => {
      setState({ pending: true, error: null, fieldErrors: {} });
      try {
        const value = await action(...args);
        setState(idle);
        return { ok: true, value };
      } catch (error) {
        setState({
          pending: false,
          error,
          fieldErrors: error instanceof ApiError ? (error.errors ?? {}) : {},
        });
        return { ok: false, error };
      }
    },
    [action],
  );
  const reset = useCallback(() => setState(idle), []);
  return { run, ...state, reset };
}

/** A signal that aborts when the component unmounts; read it in event handlers, not during render. */
export function useUnmountSignal(): () => AbortSignal {
  const controller = useRef<AbortController | null>(null);
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);
  return useCallback(() => controller.current?.signal ?? AbortSignal.abort(), []);
}
