import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import type { FieldErrors } from '../../shared/contracts/common.ts';

/** An error whose status and body are meant for the client (Laravel-shaped, DESIGN.md section 3). */
export class HttpError extends Error {
  readonly status: number;
  readonly errors?: FieldErrors;
  readonly headers?: Record<string, string>;
  constructor(status: number, message: string, errors?: FieldErrors, headers?: Record<string, string>) {
    super(message);
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

export const unprocessable = (errors: FieldErrors, message?: string) =>
  new HttpError(422, message ?? Object.values(errors)[0]?.[0] ?? 'The given data was invalid.', errors);
export const forbidden = (message = 'This action is unauthorized.') => new HttpError(403, message);
export const notFound = (message = 'Not found.') => new HttpError(404, message);
export const unauthenticated = () => new HttpError(401, 'Unauthenticated.');

/** Parses input with a contract schema; failure is a 422 with one message list per field. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.code === 'unrecognized_keys' ? issue.keys.join(',') : issue.path.join('.') || 'body';
    const message =
      issue.code === 'unrecognized_keys'
        ? `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}.`
        : issue.code === 'invalid_type' && valueAt(input, issue.path) === undefined
          ? `The ${humanise(field)} field is required.`
          : issue.code === 'invalid_type'
            ? `The ${humanise(field)} must be ${article(issue.expected)}.`
            : issue.message;
    (errors[field] ??= []).push(message);
  }
  return unprocessableThrow(errors);
}

function unprocessableThrow(errors: FieldErrors): never {
  throw unprocessable(errors);
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function article(expected: string): string {
  return /^[aeiou]/.test(expected) ? `an ${expected}` : `a ${expected}`;
}

function humanise(field: string): string {
  return field.replaceAll('_', ' ').replaceAll('.', ' ');
}

// Fastify's own body errors are bad input too: the client gets the same 422 shape for them.
const BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is invalid.',
};

export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      if (error instanceof HttpError) {
        if (error.headers) void reply.headers(error.headers);
        return reply
          .status(error.status)
          .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
      }
      const bodyMessage = error.code ? BODY_ERRORS[error.code] : undefined;
      if (bodyMessage)
        return reply.status(422).send({ message: bodyMessage, errors: { body: [bodyMessage] } });
      if (error.statusCode && error.statusCode < 500) {
        return reply.status(error.statusCode).send({ message: error.message });
      }
      // Never a stack trace in a response; the log has it.
      request.log.error({ err: error }, 'request failed');
      return reply.status(500).send({ message: 'Server error.' });
    });
  },
  { name: 'errors' },
);
