import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../shared/constants.ts';

export async function serveSpa(app: FastifyInstance, staticDir: string | undefined): Promise<void> {
  const hasSpa = staticDir !== undefined && existsSync(join(staticDir, 'index.html'));
  // The login screen prerendered by the build (scripts/vite-prerender.ts), when this build has it.
  const hasLoginPage = hasSpa && existsSync(join(staticDir, 'login.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: staticDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each text file (scripts/vite-precompress.ts): sent by
      // Accept-Encoding, brotli first, the SPA fallback's index.html included.
      preCompressed: true,
      // Ours below, not send's default `public, max-age=0`, which would override them.
      cacheControl: false,
      setHeaders(res, path) {
        // Hashed assets never change; the shell and the service worker must always be revalidated.
        if (path.includes('/assets/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        else res.setHeader('cache-control', 'no-cache');
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (path.startsWith(API_BASE + '/') || path === API_BASE || !hasSpa || request.method !== 'GET') {
      return reply.status(404).send({ message: `No route ${request.method} ${path}.` });
    }
    // Client-side routes: every other GET gets the app shell; /login the shell with its screen in it.
    const page = path === '/login' && hasLoginPage ? 'login.html' : 'index.html';
    return reply.header('cache-control', 'no-cache').sendFile(page);
  });
}
