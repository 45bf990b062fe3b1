import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../db/schema';
import type { Database } from '../db/client';
import { consumeRateLimit } from '../lib/rate-limit';

export type Mail = { to: string; subject: string; text: string; html?: string; links?: string[] };

/** A mail as the outbox keeps it (the dev mailbox shows these). */
export type OutboxMail = typeof mailOutbox.$inferSelect;

export type Mailer = { send(mail: Mail): Promise<void>; transport: 'smtp' | 'outbox' };

/**
 * nodemailer over SMTP_URL. Every mail is also recorded in the outbox table: without SMTP that is
 * the delivery (shown at /dev/mailbox outside production, and read by e2e tests), with SMTP it is
 * the audit trail of what was sent and what failed.
 */
export type MailerOptions = {
  smtpUrl?: string;
  from: string;
  /** Print each mail's links to the log (development only: they sign people in). */
  log?: boolean;
  /** At most this many mails to one address per hour, whoever asks (MAIL_RECIPIENT_HOURLY_LIMIT). */
  perRecipientPerHour: number;
  now?: () => Date;
};

/**
 * nodemailer over SMTP_URL. Every mail is also recorded in the outbox table: without SMTP that is
 * the delivery (shown at /dev/mailbox outside production, and read by e2e tests), with SMTP it is
 * the audit trail of what was sent and what failed.
 *
 * Anyone can make us write to any address (sign-up, magic links, password resets), so each
 * address gets at most `perRecipientPerHour` mails an hour: beyond that the mail is dropped (and
 * logged without its links), silently for the requester, who must not learn more than before.
 */
export function createMailer(db: Database, options: MailerOptions): Mailer {
  const transporter = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  const now = options.now ?? (() => new Date());
  return {
    transport: transporter ? 'smtp' : 'outbox',
    async send(mail) {
      const allowed = await consumeRateLimit(db, {
        key: `mail-to:${mail.to.trim().toLowerCase()}`,
        max: options.perRecipientPerHour,
        windowSeconds: 3600,
        now: now(),
      });
      if (!allowed) {
        console.warn(`[mail] not sent: more than ${options.perRecipientPerHour} mails this hour to one address ("${mail.subject}")`);
        return;
      }
      const [row] = await db
        .insert(mailOutbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, links: mail.links ?? [] })
        .returning({ id: mailOutbox.id });
      if (!transporter) {
        if (options.log) console.info(`[mail] to ${mail.to}: ${mail.subject}\n${mail.links?.join('\n') ?? ''}`);
        return;
      }
      try {
        await transporter.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        if (row) await db.update(mailOutbox).set({ sentAt: new Date(), attempts: 1 }).where(eqId(row.id));
      } catch (error) {
        if (row)
          await db
            .update(mailOutbox)
            .set({ error: (error as Error).message, attempts: 1 })
            .where(eqId(row.id));
        throw error;
      }
    },
  };
}

const eqId = (id: string) => eq(mailOutbox.id, id);

/** The outbox's newest mail first, at most `limit` (the dev mailbox). */
export function findRecentMail(db: Database, limit = 50): Promise<OutboxMail[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
