import { z } from 'zod';
import { SUPPORTED_CURRENCIES } from '../money';
import { isValidTimeZone } from '../period/time-zones';
import { isSingleLine, LanguageSchema, RoleSchema, text } from './common';
import { COMPANY_NAME_MAX, DISPLAY_NAME_MAX } from './constants';
import { CompanySummarySchema } from './me';

export { COMPANY_NAME_MAX, DISPLAY_NAME_MAX };

/** Trimmed text where an empty field means "none" (the display name). */
const optionalText = (max: number, label: string) =>
  text({ message: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSingleLine, `${label} must be on one line`)
    .nullable()
    .transform((v) => (v === null || v === '' ? null : v));

// ---- Personal settings ------------------------------------------------------------------------

export const ProfileSettingsSchema = z.object({
  displayName: text().nullable(),
  avatarUrl: text().nullable(),
  /** Read-only here: it is the sign-in identity. */
  email: text(),
  /** Null: follow the browser. */
  language: LanguageSchema.nullable(),
  /** True when the member turned the weekly digest mail off (decision 047). */
  digestOptOut: z.boolean(),
});
export type ProfileSettings = z.infer<typeof ProfileSettingsSchema>;

export const UpdateProfileSchema = z
  .object({
    displayName: optionalText(DISPLAY_NAME_MAX, 'Display name').optional(),
    /**
     * No longer settable here (decision 023): pictures are uploaded (PUT /me/avatar) and removed
     * (DELETE /me/avatar), so a profile never points at an outside host. Named, rather than left
     * to .strict(), so an old client learns why.
     */
    avatarUrl: z
      .unknown()
      .refine(() => false, 'Avatar URLs are not accepted: upload a picture with PUT /api/v1/me/avatar (remove it with DELETE)')
      .describe('Not accepted (decision 023): use PUT and DELETE /api/v1/me/avatar')
      .optional(),
    language: LanguageSchema.nullable().optional(),
    /** Turns the weekly digest mail off (true) or on again (false). */
    digestOptOut: z.boolean({ error: 'digestOptOut must be true or false' }).optional(),
  })
  .strict();
export type UpdateProfile = z.input<typeof UpdateProfileSchema>;

// ---- Company settings -------------------------------------------------------------------------

const CompanyNameSchema = text({ message: 'Company name must be text' })
  .trim()
  .min(1, 'Company name cannot be empty')
  .max(COMPANY_NAME_MAX, `Company name must be at most ${COMPANY_NAME_MAX} characters`)
  .refine(isSingleLine, 'Company name must be on one line');

const TimeZoneSchema = text({ message: 'Time zone must be text' })
  .trim()
  .refine(isValidTimeZone, 'Unknown time zone (use an IANA name such as Europe/Oslo)');

export const CurrencySchema = z.enum(SUPPORTED_CURRENCIES, {
  message: `Currency must be one of ${SUPPORTED_CURRENCIES.join(', ')}`,
});

export const LATE_LOGGING_DAYS_DEFAULT = 7;
export const LATE_LOGGING_DAYS_MAX = 90;
const lateLoggingMessage = `Late logging must be a whole number of days from 0 to ${LATE_LOGGING_DAYS_MAX}`;
export const LateLoggingDaysSchema = z
  .number({ error: lateLoggingMessage })
  .int(lateLoggingMessage)
  .min(0, lateLoggingMessage)
  .max(LATE_LOGGING_DAYS_MAX, lateLoggingMessage);

/** The company as /me names it, with its counts for the settings page. */
export const CompanySettingsSchema = CompanySummarySchema.extend({
  /** How many days back reps may log and edit their activities (0: today only; decision 041). */
  lateLoggingDays: z.number().int(),
  counts: z.object({ members: z.number().int(), activities: z.number().int(), customers: z.number().int() }),
});
export type CompanySettings = z.infer<typeof CompanySettingsSchema>;

export const UpdateCompanySchema = z
  .object({
    name: CompanyNameSchema.optional(),
    timezone: TimeZoneSchema.optional(),
    currency: CurrencySchema.optional(),
    lateLoggingDays: LateLoggingDaysSchema.optional(),
    /** The language the company's walls and mails speak (decision 079); null: not chosen. */
    language: LanguageSchema.nullable().optional(),
  })
  .strict()
  .refine((v) => Object.values(v).some((value) => value !== undefined), { message: 'Nothing to change' });
export type UpdateCompany = z.input<typeof UpdateCompanySchema>;

// ---- Creating a company (multi-tenant mode) ---------------------------------------------------

export const CreateCompanySchema = z
  .object({
    name: CompanyNameSchema,
    /** The company's zone; Europe/Oslo when absent. Given, the first-run setup counts its time zone step done. */
    timezone: TimeZoneSchema.optional(),
  })
  .strict();
export type CreateCompany = z.input<typeof CreateCompanySchema>;

export const CreatedCompanySchema = z.object({
  companyId: text(),
  name: text(),
  timezone: text(),
  role: RoleSchema,
  message: text(),
});
export type CreatedCompany = z.infer<typeof CreatedCompanySchema>;

// ---- Sign-up policy ---------------------------------------------------------------------------

/**
 * open: anyone may create an account (an access code, when entered, must still be right);
 * access_code: an account needs the company's access code (or an invitation);
 * invite_only: an account needs a valid invitation code.
 */
export const SIGNUP_POLICIES = ['open', 'access_code', 'invite_only'] as const;
export const SignupPolicySchema = z.enum(SIGNUP_POLICIES, {
  message: `Policy must be one of ${SIGNUP_POLICIES.join(', ')}`,
});
export type SignupPolicy = z.infer<typeof SignupPolicySchema>;

export const ACCESS_CODE_MIN = 4;
export const ACCESS_CODE_MAX = 100;

/** What an admin sees and sets. */
export const SignupPolicySettingsSchema = z.object({
  policy: SignupPolicySchema,
  accessCode: text().nullable(),
  /**
   * Whether the policy gates account creation on this instance. True in single-tenant mode;
   * in multi-tenant mode anyone may create an account (and a company), and joining an existing
   * company always takes an invitation, so the policy is stored but not enforced at sign-up.
   */
  enforced: z.boolean(),
});
export type SignupPolicySettings = z.infer<typeof SignupPolicySettingsSchema>;

/**
 * accessCode: omitted keeps the stored code, null or '' clears it, text sets it (trimmed).
 * The access_code policy needs a code, given here or already stored.
 */
export const UpdateSignupPolicySchema = z
  .object({
    policy: SignupPolicySchema,
    accessCode: text({ message: 'Access code must be text' })
      .trim()
      .max(ACCESS_CODE_MAX, `Access code must be at most ${ACCESS_CODE_MAX} characters`)
      .refine((v) => v === '' || v.length >= ACCESS_CODE_MIN, `Access code must be at least ${ACCESS_CODE_MIN} characters`)
      .nullable()
      .optional(),
  })
  .strict();
export type UpdateSignupPolicy = z.input<typeof UpdateSignupPolicySchema>;

/** What the public join form learns: whether to show (and require) the access code field. Never the code. */
export const PublicSignupPolicySchema = z.object({ policy: SignupPolicySchema });
export type PublicSignupPolicy = z.infer<typeof PublicSignupPolicySchema>;
