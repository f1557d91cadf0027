// Tiny structural checks for the few API answers the first screen reads: the zod contracts would cost that
// screen zod's code and the time to build the schemas. Each use is tested against its contract's schema.

export type Check = (value: unknown) => boolean;

export const isNumber: Check = (v) => typeof v === 'number' && Number.isFinite(v);
export const isString: Check = (v) => typeof v === 'string';
export const isBoolean: Check = (v) => typeof v === 'boolean';
export const nullable =
  (check: Check): Check =>
  (v) =>
    v === null || check(v);
export const oneOf =
  (...values: readonly string[]): Check =>
  (v) =>
    typeof v === 'string' && values.includes(v);
export const arrayOf =
  (check: Check): Check =>
  (v) =>
    Array.isArray(v) && v.every(check);
/** An object with at least these fields, each passing its check (other fields are left alone). */
export const objectOf =
  (fields: Record<string, Check>): Check =>
  (v) =>
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    Object.entries(fields).every(([key, check]) => check((v as Record<string, unknown>)[key]));

/** `value` when it has the expected shape; otherwise an error like a failed contract parse. */
export function expectShape<T>(value: unknown, check: Check, what: string): T {
  if (!check(value)) throw new TypeError(`The server's answer for ${what} is not what was expected.`);
  return value as T;
}
