import { z } from 'zod';

/** A change of e-mail address that waits for the link mailed to the new address. */
export const emailChangeResponseSchema = z.object({ pending_email: z.string().nullable() });
export type EmailChange = z.infer<typeof emailChangeResponseSchema>;

/** One signed-in device (a session) as its owner sees it on the Account screen. */
export const deviceSchema = z.object({
  id: z.number(),
  /** "Chrome on Windows", or "Unknown device" when nothing was recorded. */
  device: z.string(),
  /** The network it signed in from, coarsely ("203.0.113.x"); null when unknown. */
  ip_label: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  /** The device this request came from. */
  current: z.boolean(),
});
export type Device = z.infer<typeof deviceSchema>;
export const devicesResponseSchema = z.object({ data: z.array(deviceSchema) });

export const signOutOthersResponseSchema = z.object({ message: z.string(), signed_out: z.number() });

export { ACCOUNT_PATHS } from '../api-paths.ts';
