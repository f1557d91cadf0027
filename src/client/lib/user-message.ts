import { ApiError } from './api-error.ts';

// Every failure a person is shown goes through userMessage: the browser's own words ("Failed to fetch",
// "NetworkError when attempting to fetch resource.", "Load failed"), a status code or a JSON dump tell
// nobody what happened or what to do. This module names the case in plain words instead.

export interface MessageContext {
  /**
   * What happens with the connection back, after "You’re offline.": e.g. "We’ll sign you in when the
   * connection is back." Without it the person is asked to try again once online.
   */
  offline?: string;
  /** Said when nothing more specific fits (an unknown failure). */
  fallback?: string;
}

export const OFFLINE = 'You’re offline.';
export const UNREACHABLE = 'Pathbuilder can’t be reached right now. Check your connection and try again.';
export const TIMED_OUT = 'The server took too long to answer. Check your connection and try again.';
export const SERVER_FAILED = 'Something went wrong on our side. Please try again in a moment.';
export const UNREADABLE = 'The answer from the server could not be read. Reload the app and try again.';
export const SOMETHING_WRONG = 'Something went wrong. Please try again.';
const TRY_ONLINE = 'Try again once the connection is back.';

/** Plain words for a 4xx that came without a message of the server's own. */
const STATUS_WORDS: Record<number, string> = {
  400: 'This request could not be handled. Check what you entered and try again.',
  401: 'Your session has ended. Please log in again.',
  403: 'You don’t have access to this.',
  404: 'This could not be found. It may have been deleted.',
  409: 'This was changed in the meantime. Reload and try again.',
  413: 'This is too large to send.',
  415: 'This kind of file can’t be sent.',
  429: 'Too many tries in a short time. Please wait a minute and try again.',
};

// The browser's and the runtime's own phrasings, and anything that looks like code rather than words.
const RAW =
  /Failed to fetch|NetworkError|\bLoad failed|network error|TypeError|SyntaxError|ZodError|JSON|Unexpected token|content-type|FST_|status code|Request failed with status|aborted|^\s*[[{]/i;

function nameOf(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string'
    ? error.name
    : undefined;
}

function plainOr(message: string | undefined, otherwise: string): string {
  return message && !RAW.test(message) ? message : otherwise;
}

// "The file could not be loaded (404)." says enough without its status code.
const STATUS_IN_BRACKETS = /\s*\(\d{3}\)/g;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message.replace(STATUS_IN_BRACKETS, '') : '';
}

/** Whether the browser is offline now (navigator.onLine; true outside a browser). */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * A request that never got an answer: fetch rejects with a TypeError whose text differs by browser
 * (Chromium "Failed to fetch", Firefox "NetworkError when attempting…", Safari "Load failed").
 */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  const name = nameOf(error);
  if (name === 'NetworkError') return true;
  return name === 'TypeError' && /fetch|network|\bload failed/i.test(messageOf(error));
}

/** The spec's 30 s limit ran out (wretch aborts the request) or the caller gave up. */
export function isTimeout(error: unknown): boolean {
  const name = nameOf(error);
  return name === 'TimeoutError' || name === 'AbortError';
}

/** "You’re offline." with what happens next. */
export function offlineMessage(context: MessageContext = {}): string {
  return `${OFFLINE} ${context.offline ?? TRY_ONLINE}`;
}

/** The server's messages of a 422, each once, in the order of its fields. */
export function fieldMessages(error: ApiError): string[] {
  return [...new Set(Object.values(error.errors ?? {}).flat())];
}

function apiErrorMessage(error: ApiError, context: MessageContext): string {
  // No answer at all (an upload's XMLHttpRequest, lib/files.ts): its own sentence says what to do.
  if (error.status === 0)
    return isOffline() ? offlineMessage(context) : plainOr(messageOf(error), UNREACHABLE);
  if (error.status >= 500) return SERVER_FAILED;
  if (error.status === 422) {
    const fields = fieldMessages(error);
    if (fields.length > 0) return fields.join(' ');
  }
  // Without the server's message, an ApiError's own is the status text ("Not Found"), unless the app wrote
  // a sentence of its own into it.
  const own = error.serverMessage ?? (/[.!?]$/.test(error.message) ? error.message : undefined);
  return plainOr(own, STATUS_WORDS[error.status] ?? context.fallback ?? SOMETHING_WRONG);
}

/** The words to show a person for any thrown value, never the raw error text. */
export function userMessage(error: unknown, context: MessageContext = {}): string {
  if (error instanceof ApiError) return apiErrorMessage(error, context);
  if (isNetworkError(error) || (isOffline() && (isTimeout(error) || error instanceof TypeError)))
    return isOffline() ? offlineMessage(context) : UNREACHABLE;
  if (isTimeout(error)) return TIMED_OUT;
  if (nameOf(error) === 'ZodError' || nameOf(error) === 'SyntaxError') return UNREADABLE;
  const own = messageOf(error);
  // The app's own thrown sentences ("Log in to change your account.") are already words for people.
  if (own && !(error instanceof TypeError) && !RAW.test(own)) return own;
  return context.fallback ?? SOMETHING_WRONG;
}

/** userMessage with only a fallback: the name every screen has long called it by. */
export function errorMessage(error: unknown, fallback?: string): string {
  return userMessage(error, { fallback });
}
