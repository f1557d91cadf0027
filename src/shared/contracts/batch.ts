import { z } from 'zod';
import { BATCH_PATHS } from '../api-paths.ts';

export { BATCH_PATHS };

/** The reads asked for: each a GET of an allowed path (relative to /api) with its query. */
export const batchBodySchema = z.strictObject({
  get: z.array(z.string().min(1).max(300)).min(1).max(BATCH_PATHS.max),
});

/** One read's answer as its own route gave it: status, the headers the client reads, and the body's text. */
export const batchPartSchema = z.object({
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});

/** The answers, in the order asked. */
export const batchResponseSchema = z.object({ parts: z.array(batchPartSchema) });
