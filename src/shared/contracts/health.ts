import { z } from 'zod';
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.string(),
  version: z.string(),
});
