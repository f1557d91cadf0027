import type { FastifyInstance } from 'fastify';
import { API_BASE } from '../../../shared/constants.ts';
import { BATCH_PATHS, batchBodySchema, batchResponseSchema } from '../../../shared/contracts/batch.ts';
import { unprocessable } from '../../plugins/errors.ts';
import type { Route } from '../../plugins/routes.ts';

// The headers of a part the client reads (http.ts: the status, the type, the Date its data-age shows).
const KEPT_HEADERS = ['content-type', 'date', 'cache-control', 'retry-after'] as const;

/** The path (without its query) when it is one the batch may read, else null. */
function allowedTarget(target: string): string | null {
  // Relative to the API, one leading slash, nothing that a URL parser could resolve elsewhere.
  if (!target.startsWith('/') || target.startsWith('//') || /[\\#\s%]/.test(target.split('?')[0]!))
    return null;
  const path = target.split('?')[0]!;
  return (BATCH_PATHS.allowed as readonly string[]).includes(path) ? path : null;
}

/**
 * POST /api/batch: the dashboard's first reads in one request (issue 28: on HTTP/1.1 a browser opens six
 * connections to a server, and seven reads beside the page's code queue behind one another). Each part is
 * run through the app's own route with the caller's own Authorization header, so every check of that route
 * (the session, the role, whose object it is) applies exactly as when it is asked alone; the answer carries
 * each part's status, type, date and body as that route gave them. Only a few reads are allowed.
 */
export function batchRoutes(route: Route, app: FastifyInstance): void {
  route({
    method: 'POST',
    url: BATCH_PATHS.reads,
    access: 'user',
    summary:
      "Several of the dashboard's reads at once, each answered by its own route with the caller's session",
    body: batchBodySchema,
    response: batchResponseSchema,
    handler: async ({ body, request }) => {
      const refused = body.get.filter((target) => allowedTarget(target) === null);
      if (refused.length)
        throw unprocessable({ get: refused.map((target) => `The read ${target} cannot be batched.`) });
      const authorization = request.headers.authorization!;
      const parts = await Promise.all(
        body.get.map(async (target) => {
          const res = await app.inject({
            method: 'GET',
            url: API_BASE + target,
            headers: { authorization, accept: 'application/json', 'accept-encoding': 'identity' },
            remoteAddress: request.ip,
          });
          const headers: Record<string, string> = {};
          for (const name of KEPT_HEADERS) {
            const value = res.headers[name];
            if (value !== undefined) headers[name] = String(value);
          }
          headers.date ??= new Date().toUTCString();
          return { status: res.statusCode, headers, body: res.body };
        }),
      );
      return { parts };
    },
  });
}
