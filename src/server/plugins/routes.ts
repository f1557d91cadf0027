import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import type { UserRow } from '../db/tables/users.ts';
import type { FieldErrors } from '../../shared/contracts/common.ts';
import { forbidden, HttpError, parse, unauthenticated, unprocessable } from './errors.ts';
import { roleOf, type Role } from './roles.ts';

/** Who may call a route: anyone, any signed-in user, or signed-in users of these roles. */
export type Access = 'public' | 'user' | readonly Role[];

/** The role groups routes name: the back office (admins and teachers), admins alone, students alone. */
export const STAFF = ['admin', 'teacher'] as const satisfies readonly Role[];
export const ADMIN = ['admin'] as const satisfies readonly Role[];
export const STUDENT = ['student'] as const satisfies readonly Role[];

export interface Authed {
  user: UserRow;
  tokenHash: string;
  /** The session's row id: what a signed file link names, so the link ends with the session. */
  sessionId: number;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: Authed | null;
  }
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteSpec<
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  R extends z.ZodType | undefined,
  A extends Access,
> {
  method: HTTPMethods;
  url: string;
  access: A;
  summary: string;
  body?: B;
  query?: Q;
  params?: P;
  /**
   * The response is serialised through this schema (compiled by Fastify's serializer), so nothing outside it
   * can leak. Absent: 204.
   */
  response?: R;
  status?: number;
  /** The handler sends the reply itself (a file's bytes, streamed, with their own type and status). */
  sendsReply?: boolean;
  /**
   * The route also takes multipart/form-data, which its handler reads itself (`request.parts()`): the body
   * schema then applies to JSON bodies only, and `body` is undefined for a multipart request.
   */
  multipart?: true;
  /**
   * Field errors the contract cannot know (they depend on the caller), added to the body's when the contract
   * refuses it, so one 422 names every field at once. The handler checks them again on a valid body.
   */
  bodyErrors?: (body: unknown, auth: Authed | null) => FieldErrors;
  handler: (input: {
    body: Out<B>;
    query: Out<Q>;
    params: Out<P>;
    auth: A extends 'public' ? Authed | null : Authed;
    request: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<R extends z.ZodType ? z.input<R> : void>;
}

export interface RouteInfo {
  method: HTTPMethods;
  url: string;
  access: Access;
  summary: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response?: z.ZodType;
  /** The handler streams its own reply (a file download): no JSON to declare. */
  sendsReply?: boolean;
}

/**
 * Declares one route: validate, authorize, call the handler, serialise through the contract.
 * Every declared route is recorded, which feeds the OpenAPI document and the role tests.
 */
export function createRouter(app: FastifyInstance, registry: RouteInfo[], prefix = '') {
  return function route<
    B extends z.ZodType | undefined = undefined,
    Q extends z.ZodType | undefined = undefined,
    P extends z.ZodType | undefined = undefined,
    R extends z.ZodType | undefined = undefined,
    A extends Access = Access,
  >(spec: RouteSpec<B, Q, P, R, A>): void {
    registry.push({ ...spec, url: prefix + spec.url });
    const status = spec.status ?? (spec.response ? 200 : 204);
    const jsonSchema = spec.response ? responseJsonSchema(spec.response) : undefined;
    // Compiled on first use (a test app compiles only what it calls), then kept with the route.
    let serialize: ((payload: unknown) => string) | undefined;
    app.route({
      method: spec.method,
      url: spec.url,
      handler: async (request, reply) => {
        const auth = authorize(spec.access, request.auth);
        const params = (spec.params ? parse(spec.params, request.params) : undefined) as Out<P>;
        const query = (spec.query ? parse(spec.query, request.query) : undefined) as Out<Q>;
        const body = (
          spec.body && !(spec.multipart && request.isMultipart())
            ? parseBody(spec, request.body, auth)
            : undefined
        ) as Out<B>;
        const result = await spec.handler({
          body,
          query,
          params,
          auth: auth as A extends 'public' ? Authed | null : Authed,
          request,
          reply,
        });
        if (spec.sendsReply) return reply;
        if (!jsonSchema) return reply.status(status).send();
        // A handler that chose another type (a CSV download) sends its text as it is, checked by the contract.
        const type = reply.getHeader('content-type');
        if (type !== undefined && !String(type).includes('json'))
          return reply.status(status).send(spec.response!.parse(result));
        serialize ??= reply.compileSerializationSchema(jsonSchema, String(status)) as (
          payload: unknown,
        ) => string;
        return reply.status(status).type('application/json; charset=utf-8').send(serialize(result));
      },
    });
  };
}

function parseBody(
  spec: { body?: z.ZodType; bodyErrors?: (body: unknown, auth: Authed | null) => FieldErrors },
  input: unknown,
  auth: Authed | null,
): unknown {
  try {
    return parse(spec.body!, input);
  } catch (error) {
    if (!spec.bodyErrors || !(error instanceof HttpError) || error.status !== 422 || !error.errors)
      throw error;
    const errors: FieldErrors = Object.create(null) as FieldErrors;
    for (const [field, messages] of [
      ...Object.entries(error.errors),
      ...Object.entries(spec.bodyErrors(input, auth)),
    ])
      (errors[field] ??= []).push(...messages);
    throw unprocessable(errors);
  }
}

const jsonSchemas = new WeakMap<z.ZodType, Record<string, unknown>>();

/**
 * A response contract as JSON Schema for fast-json-stringify, made once per contract. It writes only the
 * properties the schema names, so a column the contract does not list never reaches the client — the job
 * zod's parse did, at a fraction of the cost and without a second copy of the object.
 * `additionalProperties: false` goes: the serializer drops unknown properties anyway, and where it picks a
 * union member by validating (anyOf/oneOf), an extra property must not rule a member out (zod strips, it
 * does not refuse).
 */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> {
  let json = jsonSchemas.get(schema);
  if (!json) {
    const { $schema: _, ...rest } = z.toJSONSchema(schema, {
      io: 'output',
      target: 'draft-7',
      unrepresentable: 'throw',
    });
    json = withoutClosedObjects(rest) as Record<string, unknown>;
    jsonSchemas.set(schema, json);
  }
  return json;
}

function withoutClosedObjects(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutClosedObjects);
  if (node === null || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([key, value]) => !(key === 'additionalProperties' && value === false))
      .map(([key, value]) => [key, withoutClosedObjects(value)]),
  );
}

function authorize(access: Access, auth: Authed | null): Authed | null {
  if (access === 'public') return auth;
  if (!auth) throw unauthenticated();
  if (access !== 'user' && !access.includes(roleOf(auth.user))) throw forbidden();
  return auth;
}

/** What a feature's routes are declared with. */
export type Route = ReturnType<typeof createRouter>;
