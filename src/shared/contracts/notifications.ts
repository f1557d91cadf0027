import { z } from 'zod';

export const notificationSchema = z.object({
  id: z.number(),
  title: z.string(),
  body: z.string(),
  link: z.string().nullable(),
  seen: z.number(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationsQuerySchema = z.strictObject({
  user_id: z.coerce.number().int().positive().max(2_147_483_647),
  seen: z.enum(['0', '1']).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});
export const notificationsResponseSchema = z.object({ data: z.array(notificationSchema) });
export const unseenCountResponseSchema = z.object({ count: z.number() });
export const markAsSeenBodySchema = z.strictObject({
  ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(500),
});
export const markAsSeenResponseSchema = z.object({ updated: z.number() });

export { NOTIFICATION_PATHS } from '../api-paths.ts';
