import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../src/client/lib/api-error.ts';
import { errorMessage, isNetworkError, userMessage } from '../../src/client/lib/user-message.ts';

// What a person reads when something fails: never the browser's or the server's raw text.
const RAW = /Failed to fetch|TypeError|NetworkError|Load failed|status|JSON|\{/;

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

afterEach(() => vi.restoreAllMocks());

describe('userMessage', () => {
  const fetchFailures = [
    new TypeError('Failed to fetch'),
    new TypeError('NetworkError when attempting to fetch resource.'),
    new TypeError('Load failed'),
  ];

  it.each(fetchFailures)('offline, a failed fetch ($message) says so with what happens next', (error) => {
    setOnline(false);
    expect(isNetworkError(error)).toBe(true);
    expect(userMessage(error)).toBe('You’re offline. Try again once the connection is back.');
    expect(userMessage(error, { offline: 'We’ll sign you in when the connection is back.' })).toBe(
      'You’re offline. We’ll sign you in when the connection is back.',
    );
  });

  it.each(fetchFailures)('online but unanswered ($message): the server cannot be reached', (error) => {
    setOnline(true);
    expect(userMessage(error)).toBe(
      'Pathbuilder can’t be reached right now. Check your connection and try again.',
    );
  });

  it('a request past the time limit says the server took too long', () => {
    setOnline(true);
    expect(userMessage(new DOMException('signal is aborted without reason', 'AbortError'))).toBe(
      'The server took too long to answer. Check your connection and try again.',
    );
    expect(userMessage(new DOMException('The operation timed out.', 'TimeoutError'))).toMatch(
      /took too long/,
    );
  });

  it('a server failure (5xx) is a plain sentence, whatever the server or proxy sent', () => {
    for (const error of [
      new ApiError(500, 'Server error.', undefined, 'Server error.'),
      new ApiError(502, 'Bad Gateway'),
      new ApiError(503, 'Request failed with status 503.'),
    ]) {
      expect(userMessage(error)).toBe('Something went wrong on our side. Please try again in a moment.');
    }
  });

  it('a 422 gives the field errors, each once', () => {
    const error = new ApiError(
      422,
      'The email must be valid.',
      {
        email: ['The email must be valid.'],
        password: ['The password is too short.'],
        again: ['The email must be valid.'],
      },
      'The email must be valid.',
    );
    expect(userMessage(error)).toBe('The email must be valid. The password is too short.');
  });

  it('a 4xx keeps the server’s own sentence, and words a bare status', () => {
    expect(
      userMessage(
        new ApiError(403, 'Only admins manage lectures.', undefined, 'Only admins manage lectures.'),
      ),
    ).toBe('Only admins manage lectures.');
    expect(userMessage(new ApiError(404, 'Not Found'))).toBe(
      'This could not be found. It may have been deleted.',
    );
    expect(userMessage(new ApiError(429, 'Request failed with status 429.'))).toMatch(/^Too many tries/);
    expect(userMessage(new ApiError(400, '{"error":"x"}', undefined, '{"error":"x"}'))).not.toMatch(RAW);
  });

  it('an answer that does not parse (zod, JSON) is never shown as code', () => {
    const zod = z.object({ id: z.number() }).safeParse({ id: 'x' });
    expect(zod.success).toBe(false);
    expect(userMessage(zod.error)).toBe(
      'The answer from the server could not be read. Reload the app and try again.',
    );
    let json: unknown;
    try {
      JSON.parse('<html>');
    } catch (error) {
      json = error;
    }
    expect(userMessage(json)).not.toMatch(RAW);
  });

  it('the app’s own sentences pass through; unknown values get the fallback', () => {
    expect(userMessage(new Error('Log in to change your account.'))).toBe('Log in to change your account.');
    expect(userMessage(new TypeError('Cannot read properties of undefined (reading "id")'))).toBe(
      'Something went wrong. Please try again.',
    );
    expect(userMessage('boom', { fallback: 'Not saved.' })).toBe('Not saved.');
    expect(errorMessage(undefined, 'This PDF could not be shown.')).toBe('This PDF could not be shown.');
  });

  it('a status code in brackets is left out of the app’s own sentence', () => {
    expect(userMessage(new Error('The file could not be loaded (404).'))).toBe(
      'The file could not be loaded.',
    );
    expect(userMessage(new Error('The server could not send it (500). Try again later.'))).toBe(
      'The server could not send it. Try again later.',
    );
  });

  it('an upload with no answer (status 0) says what to do, offline or not', () => {
    setOnline(true);
    expect(userMessage(new ApiError(0, 'The upload failed: check the connection and try again.'))).toBe(
      'The upload failed: check the connection and try again.',
    );
    setOnline(false);
    expect(userMessage(new ApiError(0, 'The upload failed: check the connection and try again.'))).toBe(
      'You’re offline. Try again once the connection is back.',
    );
  });
});
