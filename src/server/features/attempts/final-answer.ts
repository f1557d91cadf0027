import type { GivenAnswer } from '../../../shared/contracts/attempts.ts';

/**
 * The diagnostic's rule: an answer is final once saved. Its next step (which question comes next, the order
 * to go on in) has to depend on whether the answer was right, since that is what makes it adaptive; if the
 * answer could still change, saving each option in turn and comparing the steps would give every key away.
 */
export const DIAGNOSTIC_ANSWER_FINAL =
  'In the diagnostic an answer is final once it is saved; it cannot be changed.';

/** JSON with object keys sorted: the same answer whatever order a client wrote its fields in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * Whether a save repeats the stored answer (the outbox's retry of a save that did arrive): that one is
 * answered as saved and changes nothing. No stored answer yet means there is nothing to repeat.
 */
export function repeatsStored(stored: string | null | undefined, given: GivenAnswer | null): boolean {
  if (!stored || !given) return false;
  return canonical(JSON.parse(stored)) === canonical(given);
}
