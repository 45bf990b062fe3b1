import { z } from 'zod';
import { RoleSchema, text } from './common';

/**
 * The first-run setup of a company (decision 042): five steps an admin can do in order, skip, or do
 * later in Settings. A step is done when the admin saved it in the setup or the setting already
 * differs from what a new company starts with.
 */
/** The name the single shared company is created with ('Min bedrift' = "My company"): no answer yet. */
export const DEFAULT_COMPANY_NAME = 'Min bedrift';

export const SETUP_STEPS = ['company', 'timezone', 'currency', 'activities', 'invite'] as const;
export const SetupStepSchema = z.enum(SETUP_STEPS);
export type SetupStep = z.infer<typeof SetupStepSchema>;

export const SetupStateSchema = z.object({
  steps: z.array(z.object({ step: SetupStepSchema, done: z.boolean() })),
  doneCount: z.number().int(),
  total: z.number().int(),
  /** The admin closed the dashboard's checklist; the setup stays reachable from Settings. */
  dismissed: z.boolean(),
  /** Whether the dashboard shows the checklist: steps are left and it was not dismissed. */
  showChecklist: z.boolean(),
});
export type SetupState = z.infer<typeof SetupStateSchema>;

export const SetupStepParamsSchema = z.object({ step: SetupStepSchema });

// ---- invitations by e-mail ------------------------------------------------------------------------

/** At most this many addresses in one request (the form says so before sending). */
export const INVITATION_EMAILS_PER_REQUEST = 50;
/** At most this many invitation mails per company per day, first mails and resends together. */
export const INVITATION_EMAILS_PER_DAY = 200;
/** At most this many resends of one invitation per day. */
export const INVITATION_RESENDS_PER_DAY = 3;

const EmailSchema = z.email({ message: 'Enter a valid e-mail address' }).max(254);

/** Whether a piece of text is an e-mail address the server accepts. */
export const isInvitableEmail = (value: string): boolean => EmailSchema.safeParse(value).success;

export type ParsedEmailList = {
  /** Distinct valid addresses, lower-cased, in the order given. */
  valid: string[];
  /** Pieces that are not addresses, as typed. */
  invalid: string[];
  /** Addresses given more than once (each listed once). */
  duplicates: string[];
};

/**
 * Splits what an admin typed or pasted (commas, semicolons, spaces, new lines; "Name <a@b.no>" as
 * mail programs copy it) into addresses, and says which are invalid or repeated.
 */
export function parseEmailList(raw: string): ParsedEmailList {
  // Entries split on commas, semicolons and new lines; an entry with <address> is that address
  // (its name dropped), any other is split on spaces too.
  const pieces = raw
    .split(/[,;\n\r]+/)
    .flatMap((entry) => {
      const bracketed = /<([^<>]*)>/.exec(entry);
      return bracketed ? [bracketed[1]!] : entry.split(/\s+/);
    })
    .map((p) => p.trim().replace(/^["'(<]+|["')>]+$/g, ''))
    .filter(Boolean);
  const seen = new Set<string>();
  const result: ParsedEmailList = { valid: [], invalid: [], duplicates: [] };
  for (const piece of pieces) {
    const email = piece.toLowerCase();
    if (!isInvitableEmail(email)) {
      if (!result.invalid.includes(piece)) result.invalid.push(piece);
      continue;
    }
    if (seen.has(email)) {
      if (!result.duplicates.includes(email)) result.duplicates.push(email);
      continue;
    }
    seen.add(email);
    result.valid.push(email);
  }
  return result;
}

export const SendInvitationsSchema = z
  .object({
    emails: z
      .array(EmailSchema)
      .min(1, 'Enter at least one e-mail address')
      .max(INVITATION_EMAILS_PER_REQUEST, `At most ${INVITATION_EMAILS_PER_REQUEST} addresses at a time`),
    role: RoleSchema.default('user'),
    /** The team every invited person joins on accepting (decision 044). */
    teamId: z.uuid({ message: 'Not a team of your company' }).optional(),
  })
  .strict();
export type SendInvitations = z.input<typeof SendInvitationsSchema>;

export const SentInvitationsSchema = z.object({
  /** How many mails went out (one per distinct address). */
  sent: z.number().int(),
  emails: z.array(text()),
});
export type SentInvitations = z.infer<typeof SentInvitationsSchema>;

export const DismissSetupSchema = z.object({ dismissed: z.boolean().default(true) }).strict();
