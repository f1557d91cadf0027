import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Dialect } from '../db/dialect.ts';
import type { Authed } from './routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Where the session cache's change count stood when the request arrived (auth.service.ts). */
    authWriteMark: number;
  }
}

/** What the plugin asks of the auth feature (its service is one); declared here, below the features. */
export interface SessionAuthenticator {
  /** The session, from the cache when it can vouch for it (no promise then), else from the database. */
  authenticate(token: string): Authed | null | Promise<Authed | null>;
  /** Where the session cache's change count stands now. */
  writeMark(): number;
  /** Resolves once the cache has heard of every change made since `mark` (PostgreSQL). */
  settleWritesSince(mark: number): Promise<void>;
}

/** Resolves the bearer token once per request; routes decide what they require of it (routes.ts). */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { auth: SessionAuthenticator; dialect: Dialect }) => {
    app.decorateRequest('auth', null);
    app.decorateRequest('authWriteMark', 0);
    // A callback hook: a session the cache vouches for is settled without a promise or a turn of the loop.
    app.addHook('onRequest', (request, _reply, done) => {
      request.authWriteMark = opts.auth.writeMark();
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return done();
      const token = header.slice(7).trim();
      if (token.length < 20 || token.length > 200) return done();
      const found = opts.auth.authenticate(token);
      if (!(found instanceof Promise)) {
        request.auth = found;
        return done();
      }
      found.then((auth) => {
        request.auth = auth;
        done();
      }, done);
    });
    // PostgreSQL tells this process of its own changes a moment after they commit: a request that revoked a
    // session or changed a user is answered once the cache has heard, so the next request sees the change.
    if (opts.dialect === 'postgres') {
      app.addHook('onSend', async (request, _reply, payload) => {
        await opts.auth.settleWritesSince(request.authWriteMark);
        return payload;
      });
    }
  },
  { name: 'auth' },
);
