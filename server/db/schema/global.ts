import { sql } from 'drizzle-orm';
import { bigint, check, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Instance-wide key/value settings (not tenant data): the single-tenant company id, the auth secret. */
export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: tz('updated_at').notNull().defaultNow(),
});

/** Mail that could not or should not go to SMTP; also the dev mailbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Links the mail carries, for the dev mailbox and e2e tests. */
    links: jsonb('links').$type<string[]>().notNull().default([]),
    /** Extra headers sent with the mail (a digest's List-Unsubscribe, decision 047). */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    /**
     * A mail that must go out at most once (a person's digest of a week): a second send with the
     * same key finds the row and sends nothing, on whichever instance it runs.
     */
    dedupeKey: text('dedupe_key'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: tz('sent_at'),
    error: text('error'),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('mail_outbox_dedupe_key_uq').on(t.dedupeKey)],
);

/** Requests from the public /contact form (not tenant data: the sender is not a member yet). */
export const contactRequests = pgTable('contact_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  company: text('company'),
  teamSize: text('team_size'),
  message: text('message').notNull(),
  handledAt: tz('handled_at'),
  createdAt: tz('created_at').notNull().defaultNow(),
});

/**
 * Failed sign-ins per account (the lower-cased e-mail, whether or not an account has it, so the
 * answer never tells which addresses exist). Kept in the database so every instance counts
 * together; a success clears the row. See server/auth/sign-in-guard.ts.
 */
export const signInFailures = pgTable('sign_in_failures', {
  email: text('email').primaryKey(),
  failures: integer('failures').notNull().default(0),
  lastFailedAt: tz('last_failed_at').notNull(),
  /** No attempt for this account is checked before this time. */
  lockedUntil: tz('locked_until'),
});

/**
 * The app's own fixed-window counters (contact form, access codes, mails per recipient, account
 * deletion attempts): not better-auth's rate_limit table, whose pruning deletes every row older
 * than better-auth's longest window (a minute), which reset our hourly limits early.
 */
export const appRateLimits = pgTable('app_rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  /** Start of the current window, in milliseconds since the epoch (the app's clock). */
  windowStartedAt: bigint('window_started_at', { mode: 'number' }).notNull(),
});

/**
 * The instance's VAPID key pair for Web Push (decision 055): one row, made on first need by
 * whichever instance gets there first (INSERT ... ON CONFLICT DO NOTHING, then read), so every
 * instance signs with the same key and browsers' subscriptions stay valid across restarts.
 */
export const pushVapidKeys = pgTable(
  'push_vapid_keys',
  {
    id: integer('id').primaryKey().default(1),
    /** P-256 public key, URL-safe base64 (the browser's applicationServerKey). */
    publicKey: text('public_key').notNull(),
    privateKey: text('private_key').notNull(),
    createdAt: tz('created_at').notNull().defaultNow(),
  },
  (t) => [check('push_vapid_keys_one_row_check', sql`${t.id} = 1`)],
);
