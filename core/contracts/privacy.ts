import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './auth';
import { LanguageSchema, RoleSchema, text } from './common';

/*
 * Personal data: the download of everything held about a person, and deleting an account
 * (decision 022). The download is streamed by the server, so this schema documents its shape and
 * lets tests check it; nothing parses a download on the way out.
 */

export const PERSONAL_DATA_FORMAT = 'dealboard.personal-data';
export const PERSONAL_DATA_VERSION = 1;

/** Who the download is for: the person themself (everything), or an admin (that company's data only). */
export const PersonalDataScopeSchema = z.enum(['person', 'company']);

export const PersonalDataSchema = z.object({
  format: z.literal(PERSONAL_DATA_FORMAT),
  version: z.literal(PERSONAL_DATA_VERSION),
  exportedAt: text(),
  scope: PersonalDataScopeSchema,
  /** The company an admin's export is limited to; null in the person's own download. */
  company: z.object({ id: text(), name: text() }).nullable(),
  account: z.object({
    id: text(),
    email: text(),
    name: text(),
    createdAt: text(),
    language: LanguageSchema.nullable(),
    /** Null in an admin's export: that is the person's account, not the company's data. */
    emailVerified: z.boolean().nullable(),
  }),
  /** Every membership, current and removed, with the company's name. */
  memberships: z.array(
    z.object({
      companyId: text(),
      companyName: text(),
      role: RoleSchema,
      displayName: text().nullable(),
      avatarUrl: text().nullable(),
      joinedAt: text(),
      removedAt: text().nullable(),
      erasedAt: text().nullable(),
    }),
  ),
  goals: z.array(
    z.object({ companyId: text(), dailyCalls: z.number(), dailyMeetings: z.number(), dailySales: z.number(), updatedAt: text() }),
  ),
  /** Badges earned (decision 050): the kind, what for, and its numbers. */
  badges: z.array(
    z.object({
      companyId: text(),
      kind: text(),
      occasion: text(),
      localDate: text(),
      data: z.record(text(), z.unknown()),
      earnedAt: text(),
    }),
  ),
  wrapups: z.array(
    z.object({
      companyId: text(),
      date: text(),
      calls: z.number(),
      meetings: z.number(),
      sales: z.number(),
      points: z.number(),
      good: text().nullable(),
      improve: text().nullable(),
      createdAt: text(),
      updatedAt: text(),
    }),
  ),
  /**
   * The conversations on the person's wrap-ups (decision 045): each comment, and whether the person
   * wrote it (a lead's name is not theirs to carry). Private 1:1 notes are the coaches' and not here.
   */
  wrapupComments: z.array(z.object({ companyId: text(), wrapupDate: text(), byThePerson: z.boolean(), body: text(), createdAt: text() })),
  /** Emoji reactions the person gave to feed items (decision 051): what and when, not whose item. */
  reactions: z.array(z.object({ companyId: text(), itemType: z.enum(['activity', 'event']), emoji: text(), createdAt: text() })),
  /** Sign-ins: when, until when, from which address and browser. Never the session's secret. */
  sessions: z.array(z.object({ createdAt: text(), expiresAt: text(), ipAddress: text().nullable(), userAgent: text().nullable() })),
  /** Mail sent to the address: subject and time only (the links in them are sign-in credentials). */
  mail: z.array(z.object({ subject: text(), createdAt: text(), sentAt: text().nullable() })),
  invitations: z.object({
    /** Invitations the person created (who used them is someone else's data). */
    created: z.array(z.object({ companyId: text(), role: RoleSchema, createdAt: text(), expiresAt: text(), usedAt: text().nullable() })),
    /** The invitations the person joined with. */
    used: z.array(z.object({ companyId: text(), role: RoleSchema, usedAt: text().nullable() })),
  }),
  displayLinksCreated: z.array(
    z.object({ companyId: text(), name: text(), createdAt: text(), lastUsedAt: text().nullable(), revokedAt: text().nullable() }),
  ),
  /** The person's personal access tokens for the API: name, scopes and times. Never the secret or its hash. */
  apiTokens: z.array(
    z.object({
      companyId: text(),
      name: text(),
      scopes: z.array(text()),
      createdAt: text(),
      expiresAt: text().nullable(),
      lastUsedAt: text().nullable(),
    }),
  ),
  /** What the person did as an admin (the audit log), without whom it concerned. */
  auditEvents: z.array(z.object({ companyId: text(), action: text(), targetType: text().nullable(), createdAt: text() })),
  /** Messages sent from the public contact form with the person's e-mail address. */
  contactRequests: z.array(
    z.object({
      name: text(),
      email: text(),
      company: text().nullable(),
      teamSize: text().nullable(),
      message: text(),
      createdAt: text(),
      handledAt: text().nullable(),
    }),
  ),
  /** Last, because it can be long: every activity the person logged, oldest first. */
  activities: z.array(
    z.object({
      id: text(),
      companyId: text(),
      type: text(),
      customerId: text().nullable(),
      /** The linked customer's current name, else the name typed on the activity. */
      customerName: text().nullable(),
      meetingBooked: z.boolean(),
      movedForward: z.boolean(),
      status: text(),
      /** Sale value in minor units of the company currency. */
      ticketSize: z.number().nullable(),
      productName: text().nullable(),
      notes: text().nullable(),
      pointsEarned: z.number(),
      /** Carries its day's bonus: the call rule's, or its type's (an own type's, a meeting's, decision 115), as the API's activity says. */
      dailyBonus: z.boolean(),
      bonusPoints: z.number(),
      localDate: text(),
      createdAt: text(),
      updatedAt: text(),
    }),
  ),
});
export type PersonalData = z.infer<typeof PersonalDataSchema>;

/** The file name of a download made on `date` (YYYY-MM-DD). */
export { formatPersonalDataFileName } from './constants';

/** GET /me/account-deletion: what deleting the account would do, before anyone confirms. */
export const AccountDeletionPlanSchema = z.object({
  /** Accounts with a password confirm with it; accounts without one (magic links) type their e-mail. */
  confirmWith: z.enum(['password', 'email']),
  /** The company the person is an active member of, if any, and what happens to it. */
  company: z
    .object({
      name: text(),
      /** kept: it goes on with its numbers. deleted: they are its only member, so it goes with them. */
      outcome: z.enum(['kept', 'deleted']),
    })
    .nullable(),
  /** Why the account cannot be deleted now: the only admin of a company that has other members. */
  blockedBy: z.enum(['last_admin']).nullable(),
});
export type AccountDeletionPlan = z.infer<typeof AccountDeletionPlanSchema>;

/** DELETE /me: the re-confirmation, the current password or (no password) the account's e-mail. */
export const DeleteAccountSchema = z
  .object({
    password: text().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH).optional(),
    email: text().trim().min(1, 'Type your e-mail address.').max(320).optional(),
  })
  .strict()
  .refine((value) => value.password !== undefined || value.email !== undefined, {
    path: ['password'],
    message: 'Confirm with your password (or, without one, your e-mail address).',
  });
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;
