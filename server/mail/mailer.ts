import { desc, eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import { mailOutbox } from '../db/schema';
import type { Database } from '../db/client';
import { consumeRateLimit } from '../lib/rate-limit';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  links?: string[];
  /** Extra headers, such as a digest's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
  /**
   * Sends the mail at most once whoever asks again, on any instance: the outbox keeps one row per
   * key (a person's digest of a week), and a send that finds its key taken sends nothing.
   */
  dedupeKey?: string;
};

/** What became of a send: out (or kept in the outbox), refused by the per-recipient limit, or already sent under its key. */
export type MailOutcome = 'sent' | 'limited' | 'duplicate';

/** A mail as the outbox keeps it (the dev mailbox shows these). */
export type OutboxMail = typeof mailOutbox.$inferSelect;

export type Mailer = { send(mail: Mail): Promise<MailOutcome>; transport: 'smtp' | 'outbox' };

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
      // The key is taken first, so a mail sent under it never counts against the limit twice.
      const claimed = await claimOutboxRow(db, mail);
      if (claimed === null) return 'duplicate';
      const allowed = await consumeRateLimit(db, {
        key: `mail-to:${mail.to.trim().toLowerCase()}`,
        max: options.perRecipientPerHour,
        windowSeconds: 3600,
        now: now(),
      });
      if (!allowed) {
        console.warn(`[mail] not sent: more than ${options.perRecipientPerHour} mails this hour to one address ("${mail.subject}")`);
        // Dropped like any other mail over the limit: the outbox (the dev mailbox) must not show it as sent.
        if (claimed !== 'none') await db.delete(mailOutbox).where(eqId(claimed));
        return 'limited';
      }
      const row =
        claimed !== 'none' ? { id: claimed } : (await db.insert(mailOutbox).values(toOutboxRow(mail)).returning({ id: mailOutbox.id }))[0];
      if (!transporter) {
        if (options.log) console.info(`[mail] to ${mail.to}: ${mail.subject}\n${mail.links?.join('\n') ?? ''}`);
        return 'sent';
      }
      try {
        await transporter.sendMail({
          from: options.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          headers: mail.headers,
        });
        if (row) await db.update(mailOutbox).set({ sentAt: new Date(), attempts: 1 }).where(eqId(row.id));
        return 'sent';
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

/** What the outbox keeps of a mail (the dev mailbox reads it back). */
const toOutboxRow = (mail: Mail) => ({
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html ?? null,
  links: mail.links ?? [],
  headers: mail.headers ?? {},
});

/**
 * A keyed mail's outbox row, inserted before anything is sent: its id, or null when the key was
 * already taken (sent before, or being sent by another instance right now: the unique index makes
 * the second insert wait for the first to commit, then find it). 'none' for a mail without a key,
 * whose row is written after the limit check as before.
 */
async function claimOutboxRow(db: Database, mail: Mail): Promise<string | 'none' | null> {
  if (mail.dedupeKey === undefined) return 'none';
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...toOutboxRow(mail), dedupeKey: mail.dedupeKey })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return row?.id ?? null;
}

/** The outbox's newest mail first, at most `limit` (the dev mailbox). */
export function findRecentMail(db: Database, limit = 50): Promise<OutboxMail[]> {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
