import { z } from 'zod';
import { LanguageSchema, RoleSchema, text } from './common';

export const CompanySummarySchema = z.object({
  id: text(),
  name: text(),
  timezone: text(),
  currency: text(),
  /** The language its walls and mails speak (decision 079); null until an admin chooses. */
  language: LanguageSchema.nullable(),
  logoUrl: text().nullable(),
  createdAt: text(),
});
export type CompanySummary = z.infer<typeof CompanySummarySchema>;

export const OnboardingStatusSchema = z.object({
  hasProfile: z.boolean(),
  hasCompany: z.boolean(),
  hasTeam: z.boolean(),
  profileComplete: z.boolean(),
  role: RoleSchema.nullable(),
  /** True when an admin removed this person from their company. */
  removed: z.boolean(),
});
export type OnboardingStatus = z.infer<typeof OnboardingStatusSchema>;

export const MeSchema = z.object({
  user: z.object({
    id: text(),
    email: text(),
    name: text(),
    image: text().nullable(),
    emailVerified: z.boolean(),
    /** The language saved in Settings or the avatar menu; null: follow the browser. */
    language: LanguageSchema.nullable(),
  }),
  profile: z
    .object({
      id: text(),
      displayName: text().nullable(),
      avatarUrl: text().nullable(),
      role: RoleSchema,
      teamId: text().nullable(),
      /** Whether you are ranked on the boards (decision 081); an admin changes it in Administration, Users. */
      onBoards: z.boolean(),
      /** The board you open the app on instead of the dashboard (decision 102), or null. */
      homeBoardId: text().nullable(),
      createdAt: text(),
    })
    .nullable(),
  company: CompanySummarySchema.nullable(),
  onboarding: OnboardingStatusSchema,
  tenancy: z.enum(['single', 'multi']),
  /** True when your company runs this installation (the first one created): its admins read the contact Inbox. */
  operator: z.boolean(),
});
export type Me = z.infer<typeof MeSchema>;

export const ProvisionResultSchema = z.object({
  success: z.boolean(),
  /** True when this call created the membership (the welcome toast is shown then). */
  created: z.boolean(),
  /** True when the person became the company's admin (first user, or no admin left). */
  promoted: z.boolean(),
  error: text().nullable(),
});
export type ProvisionResult = z.infer<typeof ProvisionResultSchema>;

export const AccessCodeCheckSchema = z.object({ code: text().trim().min(1).max(200) });
export const AccessCodeCheckResultSchema = z.object({ valid: z.boolean() });

/** What the signed-out web app needs to know about this server. */
export const PublicConfigSchema = z.object({
  brand: text(),
  tenancy: z.enum(['single', 'multi']),
  /** Where mail goes: a real SMTP server, or the outbox (then the dev mailbox shows it). */
  mailTransport: z.enum(['smtp', 'outbox']),
  devMailbox: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
