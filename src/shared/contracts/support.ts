import { z } from 'zod';
import { listOf, listQuerySchema } from './common.ts';
import { visibleText } from './visible-text.ts';

/** What a support request is about: lets staff pick up the ones they can answer. */
export const SUPPORT_CATEGORIES = [
  'account',
  'assessments',
  'offline',
  'school',
  'technical',
  'other',
] as const;
export const supportCategorySchema = z.enum(SUPPORT_CATEGORIES, {
  message: 'Choose what your question is about.',
});
export type SupportCategory = z.infer<typeof supportCategorySchema>;
export const SUPPORT_CATEGORY_LABELS: Record<SupportCategory, string> = {
  account: 'My account, password or e-mail',
  assessments: 'Quizzes, exams and results',
  offline: 'Working offline and syncing',
  school: 'Joining or changing school',
  technical: 'Something is not working',
  other: 'Something else',
};

/** open: waiting for staff; answered: staff replied; closed: done (a new message from the owner reopens it). */
export const SUPPORT_STATUSES = ['open', 'answered', 'closed'] as const;
export const supportStatusSchema = z.enum(SUPPORT_STATUSES);
export type SupportStatus = z.infer<typeof supportStatusSchema>;
export const SUPPORT_STATUS_LABELS: Record<SupportStatus, string> = {
  open: 'Open',
  answered: 'Answered',
  closed: 'Closed',
};

export const SUPPORT_LIMITS = { subject: 150, message: 5000 } as const;

/** Plain text: stored and shown as typed (never as HTML); only the ends are trimmed. */
const messageText = visibleText('Please write your message.').max(
  SUPPORT_LIMITS.message,
  `Keep the message under ${SUPPORT_LIMITS.message} characters.`,
);

export const createTicketBodySchema = z.strictObject({
  subject: visibleText('Give your question a short subject (at least 3 characters).', 3).max(
    SUPPORT_LIMITS.subject,
    `Keep the subject under ${SUPPORT_LIMITS.subject} characters.`,
  ),
  category: supportCategorySchema,
  message: messageText,
});
export type CreateTicketBody = z.input<typeof createTicketBodySchema>;

export const ticketMessageBodySchema = z.strictObject({ message: messageText });
export type TicketMessageBody = z.input<typeof ticketMessageBodySchema>;

/** Staff close a ticket, or reopen it; "answered" comes from a reply. */
export const ticketStatusBodySchema = z.strictObject({
  status: z.enum(['open', 'closed'], { message: 'The status must be open or closed.' }),
});
export type TicketStatusBody = z.input<typeof ticketStatusBodySchema>;

export const ticketSchema = z.object({
  id: z.number(),
  subject: z.string(),
  category: supportCategorySchema,
  status: supportStatusSchema,
  /** Who opened it, so staff know whom they answer. */
  user_id: z.number(),
  user_name: z.string(),
  user_email: z.string(),
  school_id: z.number().nullable(),
  school_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  message_count: z.number(),
});
export type SupportTicket = z.infer<typeof ticketSchema>;

export const ticketMessageSchema = z.object({
  id: z.number(),
  body: z.string(),
  /** null when the author's account no longer exists. */
  author_name: z.string().nullable(),
  from_staff: z.boolean(),
  /** The caller wrote it. */
  mine: z.boolean(),
  created_at: z.string(),
});
export type SupportMessage = z.infer<typeof ticketMessageSchema>;

export const ticketDetailSchema = ticketSchema.extend({
  messages: z.array(ticketMessageSchema),
  /** The caller may reply as staff and close or reopen it. */
  can_manage: z.boolean(),
});
export type SupportTicketDetail = z.infer<typeof ticketDetailSchema>;
export const ticketResponseSchema = z.object({ ticket: ticketDetailSchema });

export const ticketsQuerySchema = listQuerySchema.extend({ status: supportStatusSchema.optional() });
export type TicketsQuery = z.output<typeof ticketsQuerySchema>;
export const ticketsResponseSchema = listOf(ticketSchema);

export { SUPPORT_PATHS } from '../api-paths.ts';
