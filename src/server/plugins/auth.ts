import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AuthService } from '../features/auth/auth.service.ts';

/** Resolves the bearer token once per request; routes decide what they require of it (routes.ts). */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { auth: AuthService }) => {
    app.decorateRequest('auth', null);
    app.addHook('onRequest', async (request) => {
      const header = request.headers.authorization;
      if (!header?.startsWith('Bearer ')) return;
      const token = header.slice(7).trim();
      if (token.length < 20 || token.length > 200) return;
      request.auth = await opts.auth.authenticate(token);
    });
  },
  { name: 'auth' },
);
