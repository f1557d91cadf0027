import { z } from 'zod';

/** GET /api/health: liveness. The process answers; nothing behind it is asked (see readiness below). */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  /** The database this process is configured for (not asked: a liveness probe must not fail on it). */
  database: z.string(),
  version: z.string(),
});

/** One readiness check: `ok`, or what went wrong (`error: …`, `pending: 0023-…`). */
const checkState = z.string();

/**
 * GET /api/health/ready: 200 with `ready` when this process should get traffic, 503 with `not_ready` when it
 * should not: a check failed, or the process is draining (SIGTERM: it finishes what it has, takes nothing new).
 */
export const readinessResponseSchema = z.object({
  status: z.enum(['ready', 'not_ready']),
  draining: z.boolean(),
  checks: z.object({
    /** The database answers a query. */
    database: checkState,
    /** Every migration this code knows has run on the database. */
    migrations: checkState,
    /** The file store takes a file now. */
    files: checkState,
  }),
});
export type Readiness = z.output<typeof readinessResponseSchema>;
