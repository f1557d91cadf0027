import type { Generated } from 'kysely';

/** Every mail sent; without SMTP_URL this table is the outbox a newcomer reads instead of a mail server. */
export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  transport: string;
  created_at: string;
  sent_at: string | null;
  error: string | null;
}
