import { z } from 'zod';
import { RoleSchema, text } from './common';

export const INVITATION_EXPIRY_MIN_DAYS = 1;
export const INVITATION_EXPIRY_MAX_DAYS = 30;
export const INVITATION_EXPIRY_DEFAULT_DAYS = 7;

/** The text shown for a code that is unknown, used or expired. */
export const INVITATION_INVALID_MESSAGE = 'The invitation is not valid or has expired';

export const INVITATION_STATUSES = ['active', 'used', 'expired'] as const;
export const InvitationStatusSchema = z.enum(INVITATION_STATUSES);
export type InvitationStatus = z.infer<typeof InvitationStatusSchema>;

export const CreateInvitationSchema = z
  .object({
    role: RoleSchema.default('user'),
    expiresInDays: z
      .number({ message: 'Expiry must be a whole number of days' })
      .int('Expiry must be a whole number of days')
      .min(INVITATION_EXPIRY_MIN_DAYS, `Expiry must be at least ${INVITATION_EXPIRY_MIN_DAYS} day`)
      .max(INVITATION_EXPIRY_MAX_DAYS, `Expiry must be at most ${INVITATION_EXPIRY_MAX_DAYS} days`)
      .default(INVITATION_EXPIRY_DEFAULT_DAYS),
    /** The team the person joins on accepting (decision 044); none when left out. */
    teamId: z.uuid({ message: 'Not a team of your company' }).optional(),
  })
  .strict();
export type CreateInvitation = z.input<typeof CreateInvitationSchema>;

export const InvitationSchema = z.object({
  id: text(),
  code: text(),
  /** A stored 'manager' (or anything but admin) shows as user. */
  role: RoleSchema,
  status: InvitationStatusSchema,
  /** origin + /invite/{code}; offer "Copy link" only while status is active. */
  url: text(),
  expiresAt: text(),
  createdAt: text(),
  createdBy: text().nullable(),
  usedBy: text().nullable(),
  usedByName: text().nullable(),
  usedAt: text().nullable(),
  /** Sent by e-mail (decision 042): the address, when its link was first opened, how many mails went. */
  email: text().nullable(),
  /** The team the person joins on accepting; null for none (or a team deleted since). */
  teamId: text().nullable(),
  openedAt: text().nullable(),
  sentCount: z.number().int(),
  lastSentAt: text().nullable(),
});
export type Invitation = z.infer<typeof InvitationSchema>;

export const InvitationListSchema = z.object({ invitations: z.array(InvitationSchema) });
export type InvitationList = z.infer<typeof InvitationListSchema>;

export const InvitationIdParamsSchema = z.object({ id: z.uuid({ message: 'Not an invitation id' }) });

const InvitationCodeSchema = text({ message: 'An invitation code is required' })
  .trim()
  .min(1, 'An invitation code is required')
  .max(200, 'Not an invitation code');

export const InvitationCodeParamsSchema = z.object({ code: InvitationCodeSchema });

/** The invitation preview: what /invite/{code} shows before anyone signs in. */
export const InvitationPreviewSchema = z.object({
  valid: z.boolean(),
  companyName: text().nullable(),
  role: RoleSchema.nullable(),
  error: text().optional(),
  /**
   * The signed-in caller is the one who used this invitation (a magic link accepts it as it signs
   * the person in; a reload after accepting): the page welcomes them instead of calling it invalid.
   */
  acceptedByYou: z.boolean().optional(),
  /** A valid invitation mailed to an address: that address (the join forms fill it in); null for a link to share. */
  email: text().nullable().optional(),
});
export type InvitationPreview = z.infer<typeof InvitationPreviewSchema>;

export const AcceptInvitationSchema = z.object({ code: InvitationCodeSchema }).strict();
export type AcceptInvitation = z.infer<typeof AcceptInvitationSchema>;

/** What accepting an invitation answers: success and the sentence to show. */
export const AcceptInvitationResultSchema = z.object({
  success: z.literal(true),
  /** 'You are now part of {company}', 'You are already a member of {company}' or 'You are now an admin of {company}'. */
  message: text(),
  companyId: text(),
  companyName: text(),
  role: RoleSchema,
  /**
   * True when the person was already an active member of the company (in single-tenant mode
   * everyone is, once signed in). The invitation is used up either way; an admin invitation
   * makes a member admin.
   */
  alreadyMember: z.boolean(),
});
export type AcceptInvitationResult = z.infer<typeof AcceptInvitationResultSchema>;

export const RequestMagicLinkSchema = z
  .object({
    code: InvitationCodeSchema,
    email: z.email({ message: 'Enter a valid e-mail address' }).max(254),
    /** Used when the link creates the account. */
    name: text().trim().max(80).optional(),
  })
  .strict();
export type RequestMagicLink = z.infer<typeof RequestMagicLinkSchema>;

export const MagicLinkSentSchema = z.object({ sent: z.literal(true) });

/** Where an invitation's magic link lands: /auth/callback, which routes on to the invitation. */
export const magicLinkCallbackPath = (code: string) => `/auth/callback?invite=${encodeURIComponent(code)}`;
export const magicLinkErrorPath = (code: string) => `/auth?invite=${encodeURIComponent(code)}`;

/** The invitation code in a magic link's callback path (magicLinkCallbackPath), if any. */
export function findInviteCodeInCallback(callbackURL: string | null | undefined): string | null {
  const match = callbackURL ? /[?&]invite=([^&#]*)/.exec(callbackURL) : null;
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!.replaceAll('+', ' '));
  } catch {
    return null; // a malformed escape
  }
}
