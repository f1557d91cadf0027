import type { WretchError, WretchResponse } from 'wretch';
import type { FieldErrors } from '../../shared/contracts/common.ts';

// The error side of the HTTP client (lib/http.ts): what a failed response becomes, and its message.

/** Every failed response, with the server's message and (for 422) its per-field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors?: FieldErrors;
  /** The `message` the server sent, if any (spec section 8 logs it for 5xx). */
  readonly serverMessage?: string;
  constructor(status: number, message: string, errors?: FieldErrors, serverMessage?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.serverMessage = serverMessage;
  }
}

// Checks the name only: a DOMException is not an Error subclass everywhere (jsdom, older engines).
function nameOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string'
    ? error.name
    : undefined;
}

export function isAbortError(error: unknown): boolean {
  const name = nameOf(error);
  return name === 'AbortError' || name === 'TimeoutError';
}

// Hand-written guards instead of the zod contract: this module is on the first screen's critical path.
function messageOf(body: unknown): string | undefined {
  const m = typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  return typeof m === 'string' && m ? m : undefined;
}

function fieldErrorsOf(body: unknown): FieldErrors | undefined {
  const e = typeof body === 'object' && body !== null ? (body as { errors?: unknown }).errors : undefined;
  if (typeof e !== 'object' || e === null || Array.isArray(e)) return undefined;
  const entries = Object.entries(e as Record<string, unknown>);
  const valid = entries.every(([, v]) => Array.isArray(v) && v.every((x) => typeof x === 'string'));
  return valid && messageOf(body) !== undefined ? (e as FieldErrors) : undefined;
}

export async function toApiError(_error: WretchError, response: WretchResponse): Promise<ApiError> {
  let body: unknown;
  try {
    const text = await response.text();
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  const serverMessage = messageOf(body);
  const errors = fieldErrorsOf(body);
  return new ApiError(
    response.status,
    serverMessage ?? (response.statusText || `Request failed with status ${response.status}.`),
    errors,
    serverMessage,
  );
}
