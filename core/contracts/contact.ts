import { z } from 'zod';
import { text } from './common';

/*
 * The public /contact form ("Book a demo", the Enterprise plan): one contract, used by the form in
 * the browser (field messages before anything is sent) and by POST /api/v1/contact (the check that
 * counts). Admins read the requests in the admin console's Inbox.
 */

/** Team sizes the form offers, matching the plans (Free 1-5, Pro up to 10 and more, Enterprise 20+). */
export const TEAM_SIZES = ['1-5', '6-10', '11-20', '21-50', '51-200', '200+'] as const;
export const TeamSizeSchema = z.enum(TEAM_SIZES, { message: 'Choose the size of your team' });
export type TeamSize = z.infer<typeof TeamSizeSchema>;

export const CONTACT_LIMITS = {
  nameMax: 100,
  emailMax: 254,
  companyMax: 120,
  messageMin: 10,
  messageMax: 4000,
} as const;

/** Requests one client address may send per hour before it gets a 429. */
export const CONTACT_RATE_LIMIT = { max: 5, windowSeconds: 3600 } as const;

export const ContactRequestInputSchema = z.object({
  name: text({ message: 'Enter your name' })
    .trim()
    .min(1, 'Enter your name')
    .max(CONTACT_LIMITS.nameMax, `Your name can be at most ${CONTACT_LIMITS.nameMax} characters`),
  email: text({ message: 'Enter your e-mail address' })
    .trim()
    .min(1, 'Enter your e-mail address')
    .max(CONTACT_LIMITS.emailMax, 'This e-mail address is too long')
    .pipe(z.email({ message: 'Enter a valid e-mail address, like name@company.no' })),
  company: text({ message: 'Enter your company' })
    .trim()
    .max(CONTACT_LIMITS.companyMax, `The company name can be at most ${CONTACT_LIMITS.companyMax} characters`)
    .optional()
    .default(''),
  teamSize: TeamSizeSchema,
  message: text({ message: 'Tell us what you would like to talk about' })
    .trim()
    .min(CONTACT_LIMITS.messageMin, `Tell us a little more (at least ${CONTACT_LIMITS.messageMin} characters)`)
    .max(CONTACT_LIMITS.messageMax, `Keep the message under ${CONTACT_LIMITS.messageMax} characters`),
  /** A field people never see; software that fills every field gives itself away. Leave empty. */
  website: text().max(500).optional(),
});
export type ContactRequestInput = z.input<typeof ContactRequestInputSchema>;
export type ContactRequestData = z.output<typeof ContactRequestInputSchema>;

/** The fields the form shows, in order (the keys of field messages). */
export const CONTACT_FIELDS = ['name', 'email', 'company', 'teamSize', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

export const ContactReceiptSchema = z.object({ received: z.literal(true) });
export type ContactReceipt = z.infer<typeof ContactReceiptSchema>;

/** A stored request, as the admin Inbox shows it. */
export const ContactRequestSchema = z.object({
  id: text(),
  name: text(),
  email: text(),
  company: text().nullable(),
  teamSize: text().nullable(),
  message: text(),
  handledAt: text().nullable(),
  createdAt: text(),
});
export type ContactRequestView = z.infer<typeof ContactRequestSchema>;

export const ContactRequestListSchema = z.object({
  requests: z.array(ContactRequestSchema),
  /** Requests not yet marked handled (of all, not only those listed). */
  openCount: z.number().int(),
});
export type ContactRequestList = z.infer<typeof ContactRequestListSchema>;

export const ContactRequestListQuerySchema = z.object({
  status: z.enum(['open', 'handled', 'all']).optional().default('all'),
});

export const ContactRequestIdParamsSchema = z.object({ id: z.uuid({ message: 'Not a contact request id' }) });

export const UpdateContactRequestSchema = z.object({ handled: z.boolean({ message: 'handled must be true or false' }) }).strict();
export type UpdateContactRequest = z.infer<typeof UpdateContactRequestSchema>;
