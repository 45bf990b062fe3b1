import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../db/schema';
import type { Database } from '../db/client';

export type Mail = { to: string; subject: string; text: string; html?: string; links?: string[] };

export type Mailer = { send(mail: Mail): Promise<void>; transport: 'smtp' | 'outbox' };

/**
 * nodemailer over SMTP_URL. Every mail is also recorded in the outbox table: without SMTP that is
 * the delivery (shown at /dev/mailbox outside production, and read by e2e tests), with SMTP it is
 * the audit trail of what was sent and what failed.
 */
export function createMailer(db: Database, options: { smtpUrl?: string; from: string; log?: boolean }): Mailer {
  const transporter = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    transport: transporter ? 'smtp' : 'outbox',
    async send(mail) {
      const [row] = await db
        .insert(mailOutbox)
        .values({ to: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null, links: mail.links ?? [] })
        .returning({ id: mailOutbox.id });
      if (!transporter) {
        if (options.log !== false) console.info(`[mail] to ${mail.to}: ${mail.subject}\n${mail.links?.join('\n') ?? ''}`);
        return;
      }
      try {
        await transporter.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
        if (row) await db.update(mailOutbox).set({ sentAt: new Date(), attempts: 1 }).where(eqId(row.id));
      } catch (error) {
        if (row) await db.update(mailOutbox).set({ error: (error as Error).message, attempts: 1 }).where(eqId(row.id));
        throw error;
      }
    },
  };
}

const eqId = (id: string) => eq(mailOutbox.id, id);
