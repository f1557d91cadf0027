import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { mayHoldNul, type FieldErrors } from '../../shared/contracts/common.ts';
import { article, fieldLabel, issueMessage } from './field-labels.ts';
import { API_SECURITY_HEADERS } from './security-headers.ts';

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
  const nul = nulAt(schema, input);
  if (nul !== null) {
    const field = nul || 'body';
    unprocessableThrow({ [field]: [`The ${humanise(field)} contains a character that is not allowed.`] });
  }
  // Messages the schema does not set itself name the field as a person would (field-labels.ts).
  const result = schema.safeParse(input ?? {}, { error: issueMessage });
  if (result.success) return result.data;
  // No prototype: a field may be called `constructor` or `__proto__` (?constructor=1 was a 500).
  const errors: FieldErrors = Object.create(null) as FieldErrors;
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

interface Visit {
  schema: z.ZodType | undefined;
  value: unknown;
  key?: string;
  parent?: Visit;
}

/**
 * The path of the first string (or key) holding a NUL byte, or null. PostgreSQL cannot store NUL in text,
 * so it is refused up front for every string of every request, the same on both databases. A loop, not
 * recursion: a megabyte of JSON can nest deeper than the stack.
 */
function nulAt(schema: z.ZodType, input: unknown): string | null {
  if (!mayHoldNulWithin(input, 0)) return null;
  const stack: Visit[] = [{ schema, value: input }];
  for (let visit = stack.pop(); visit; visit = stack.pop()) {
    if (visit.schema && mayHoldNul.has(visit.schema)) continue;
    if (typeof visit.value === 'string') {
      if (visit.value.includes('\0')) return pathOf(visit);
      continue;
    }
    if (visit.value === null || typeof visit.value !== 'object') continue;
    const shape =
      visit.schema instanceof z.ZodObject ? (visit.schema.shape as Record<string, z.ZodType>) : {};
    // Pushed last to first, so the first offending field in reading order is the one reported.
    for (const [key, value] of Object.entries(visit.value).reverse()) {
      const child: Visit = {
        schema: Object.hasOwn(shape, key) ? shape[key] : undefined,
        value,
        key,
        parent: visit,
      };
      if (key.includes('\0')) return pathOf(child);
      stack.push(child);
    }
  }
  return null;
}

/** How deep the quick look goes before it leaves the value to `nulAt`'s loop (which has no depth limit). */
const QUICK_DEPTH = 32;

/**
 * The quick look every request takes first: false when no string or key anywhere in the value holds a NUL,
 * without a schema and without allocating (most bodies are small and clean). True when one does — possibly in
 * a field allowed to hold one, which `nulAt`'s loop then tells — or when the value nests deeper than it looks.
 */
function mayHoldNulWithin(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (value === null || typeof value !== 'object') return false;
  if (depth >= QUICK_DEPTH) return true;
  if (Array.isArray(value)) {
    for (const item of value) if (mayHoldNulWithin(item, depth + 1)) return true;
    return false;
  }
  for (const key in value) {
    if (!Object.hasOwn(value, key)) continue;
    if (key.includes('\0') || mayHoldNulWithin((value as Record<string, unknown>)[key], depth + 1))
      return true;
  }
  return false;
}

function pathOf(visit: Visit): string {
  const keys: string[] = [];
  for (let v: Visit | undefined = visit; v?.key !== undefined; v = v.parent)
    keys.unshift(v.key.replaceAll('\0', '\\0'));
  return keys.join('.');
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function humanise(field: string): string {
  return fieldLabel(field);
}

// Fastify's own body errors are bad input too: the client gets the same 422 shape for them.
const BODY_ERRORS: Record<string, string> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'The request body must be JSON.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body length is invalid.',
};

/**
 * The router's own refusals (a path it cannot percent-decode, a path parameter past its length) come here
 * rather than through the error handler (Fastify's `frameworkErrors` option); they get the house shape too.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  const message =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'The URL is too long.'
      : error.code === 'FST_ERR_BAD_URL'
        ? 'The URL is malformed.'
        : 'The request is malformed.';
  request.log.info({ code: error.code, url: request.url }, 'refused by the router');
  // No hook runs for these replies, so the security headers' onSend does not either.
  void reply.status(status).headers(API_SECURITY_HEADERS).send({ message });
}

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
