import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/database.ts';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The one link the mail is about; printed in the log when there is no SMTP server. */
  link?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

/** What the outbox keeps of a mail's body when SMTP delivers it: never the link. */
export const LINK_NOT_STORED = '[link delivered by SMTP, not stored]';

/**
 * Real SMTP when SMTP_URL is set. Without it, mail goes to the mail_outbox table and its link to the log,
 * so a newcomer can verify and reset without a mail server. Either way the outbox records what was sent;
 * with SMTP it is a delivery record only, and the link (a reset token, a verification signature) is cut
 * out of the stored body, so a database reader cannot take over an account.
 */
export function createMailer(
  db: Db,
  log: FastifyBaseLogger,
  smtpUrl: string | undefined,
  from: string,
): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  return {
    async send(mail) {
      const now = new Date().toISOString();
      const row = await db
        .insertInto('mail_outbox')
        .values({
          to_address: mail.to,
          subject: mail.subject,
          text_body: transport && mail.link ? mail.text.split(mail.link).join(LINK_NOT_STORED) : mail.text,
          transport: transport ? 'smtp' : 'log',
          created_at: now,
          sent_at: transport ? null : now,
          error: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (!transport) {
        log.info(
          { mail: { to: mail.to, subject: mail.subject, link: mail.link } },
          `mail (no SMTP_URL): ${mail.link ?? mail.subject}`,
        );
        return;
      }
      try {
        await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
        await db
          .updateTable('mail_outbox')
          .set({ sent_at: new Date().toISOString() })
          .where('id', '=', row.id)
          .execute();
      } catch (err) {
        // The request that caused the mail still succeeds; the failure is recorded for an operator.
        log.error({ err, to: mail.to }, 'mail delivery failed');
        await db
          .updateTable('mail_outbox')
          .set({ error: String(err) })
          .where('id', '=', row.id)
          .execute();
      }
    },
  };
}
