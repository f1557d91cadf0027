import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../plugins/errors.ts';

const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * Question images by content hash. Public on purpose: an <img> cannot send a bearer token, and a
 * 256-bit hash is not guessable. Content never changes under a name, so it caches forever.
 */
export function uploadsRoutes(api: FastifyInstance, dataDir: string): void {
  api.get<{ Params: { file: string } }>('/uploads/:file', async (request, reply) => {
    const m = /^([a-f0-9]{64})\.(png|jpg|gif|webp)$/.exec(request.params.file);
    if (!m) throw notFound('No such image.');
    const bytes = await readFile(join(dataDir, 'uploads', request.params.file)).catch(() => null);
    if (!bytes) throw notFound('No such image.');
    return reply
      .header('content-type', TYPES[m[2]!]!)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(bytes);
  });
}
