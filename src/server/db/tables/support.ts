import type { Generated } from 'kysely';

export type SupportTicketStatus = 'open' | 'answered' | 'closed';

/** A request for help; its conversation is in support_messages. */
export interface SupportTicketsTable {
  id: Generated<number>;
  user_id: number;
  /** The owner's school when the ticket was opened (null for staff and students without a school). */
  school_id: number | null;
  subject: string;
  category: string;
  status: SupportTicketStatus;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
}

export interface SupportMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  author_id: number | null;
  /** 1: staff answering; 0: the ticket's owner. */
  from_staff: number;
  /** Plain text, shown as text (never as HTML). */
  body: string;
  created_at: string;
}
