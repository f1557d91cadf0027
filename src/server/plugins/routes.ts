import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import type { z } from 'zod';
import type { UserRow } from '../features/users/users.repository.ts';
import { roleOf, type Role } from '../features/users/users.service.ts';
import { forbidden, parse, unauthenticated } from './errors.ts';

/** Who may call a route: anyone, any signed-in user, or signed-in users of these roles. */
export type Access = 'public' | 'user' | readonly Role[];

export interface Authed {
  user: UserRow;
  tokenHash: string;
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
  /** The response is serialised through this schema, so nothing outside it can leak. Absent: 204. */
  response?: R;
  status?: number;
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
    app.route({
      method: spec.method,
      url: spec.url,
      handler: async (request, reply) => {
        const auth = authorize(spec.access, request.auth);
        const params = (spec.params ? parse(spec.params, request.params) : undefined) as Out<P>;
        const query = (spec.query ? parse(spec.query, request.query) : undefined) as Out<Q>;
        const body = (spec.body ? parse(spec.body, request.body) : undefined) as Out<B>;
        const result = await spec.handler({
          body,
          query,
          params,
          auth: auth as A extends 'public' ? Authed | null : Authed,
          request,
          reply,
        });
        if (!spec.response) return reply.status(spec.status ?? 204).send();
        return reply.status(spec.status ?? 200).send(spec.response.parse(result));
      },
    });
  };
}

function authorize(access: Access, auth: Authed | null): Authed | null {
  if (access === 'public') return auth;
  if (!auth) throw unauthenticated();
  if (access !== 'user' && !access.includes(roleOf(auth.user))) throw forbidden();
  return auth;
}
