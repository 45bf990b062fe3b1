import { z } from 'zod';
import { text } from './common';

/*
 * Customer companies: the autocomplete behind the log dialogs, and the Settings list where any
 * member searches and creates customers.
 */

export const CUSTOMER_NAME_MAX_LENGTH = 200;
export const CUSTOMER_DOMAIN_MAX = 253;
export const CUSTOMER_SEGMENT_MAX = 100;
/** Suggestions start at 2 typed characters and show at most 5. */
export { CUSTOMER_SUGGEST_MIN_CHARS } from './constants';
export const CUSTOMER_SUGGEST_LIMIT = 5;
export const CUSTOMER_LIST_LIMIT_DEFAULT = 100;
export const CUSTOMER_LIST_LIMIT_MAX = 500;
export const CUSTOMER_POINT_VALUE_MAX = 100_000;
/** Segments offered in the form (free text is allowed). */
export const SUGGESTED_CUSTOMER_SEGMENTS = ['Enterprise', 'SMB', 'Startup'] as const;

export const CustomerSchema = z.object({
  id: text(),
  name: text(),
  domain: text().nullable(),
  segment: text().nullable(),
  pointValue: z.number().int(),
  createdAt: text(),
  /** Set when an admin archived it: out of the log dialogs' autocomplete, its history kept (decision 041). */
  archivedAt: text().nullable(),
  /** How many activities name it (what a merge would move). */
  activityCount: z.number().int(),
  /** Of those, how many were logged (or changed) after it was archived: reps still work with it (decision 086). */
  activitiesSinceArchived: z.number().int(),
});
export type Customer = z.infer<typeof CustomerSchema>;

/** `archived`: only ever the customer whose exact name was typed (decision 086): the log links to it anyway. */
export const CustomerSuggestionSchema = z.object({ id: text(), name: text(), archived: z.boolean() });
export type CustomerSuggestion = z.infer<typeof CustomerSuggestionSchema>;

export const CustomerSuggestQuerySchema = z.object({
  /** Fewer than 2 characters (after trimming) gives no suggestions. */
  q: text().trim().max(CUSTOMER_NAME_MAX_LENGTH, 'The search text is too long').default(''),
});
export const CustomerSuggestionsSchema = z.object({ suggestions: z.array(CustomerSuggestionSchema) });
export type CustomerSuggestions = z.infer<typeof CustomerSuggestionsSchema>;

export const CustomerListQuerySchema = z.object({
  /** Case-insensitive partial match on name, domain or segment; empty lists all. */
  search: text().trim().max(CUSTOMER_NAME_MAX_LENGTH, 'The search text is too long').default(''),
  limit: z.coerce
    .number({ error: 'The limit must be a whole number' })
    .int('The limit must be a whole number')
    .min(1, 'The limit must be at least 1')
    .max(CUSTOMER_LIST_LIMIT_MAX, `The limit can be at most ${CUSTOMER_LIST_LIMIT_MAX}`)
    .default(CUSTOMER_LIST_LIMIT_DEFAULT),
  /** Which customers: those in use (default), the archived ones, or both. */
  status: z.enum(['active', 'archived', 'all'], { error: "The status must be 'active', 'archived' or 'all'" }).default('active'),
});
/** Newest first. */
export const CustomerListSchema = z.object({ customers: z.array(CustomerSchema) });
export type CustomerList = z.infer<typeof CustomerListSchema>;

const optionalText = (max: number, label: string) =>
  text({ error: `The ${label} must be text` })
    .trim()
    .max(max, `The ${label} can be at most ${max} characters`)
    .nullish();

export const CreateCustomerSchema = z.object({
  name: text({ error: 'Please enter a customer name' })
    .trim()
    .min(1, 'Please enter a customer name')
    .max(CUSTOMER_NAME_MAX_LENGTH, `The customer name can be at most ${CUSTOMER_NAME_MAX_LENGTH} characters`),
  /** Empty becomes null. */
  domain: optionalText(CUSTOMER_DOMAIN_MAX, 'domain'),
  /** Free text; Enterprise, SMB and Startup are suggested. Empty becomes null. */
  segment: optionalText(CUSTOMER_SEGMENT_MAX, 'segment'),
  pointValue: z
    .number({ error: 'The point value must be a whole number' })
    .int('The point value must be a whole number')
    .min(0, 'The point value cannot be negative')
    .max(CUSTOMER_POINT_VALUE_MAX, `The point value can be at most ${CUSTOMER_POINT_VALUE_MAX}`)
    .default(0),
});
export type CreateCustomer = z.input<typeof CreateCustomerSchema>;

// ---- admins' corrections (decision 041) -----------------------------------------------------------

export const CustomerIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a customer id' }) });

/** Rename, archive or restore: at least one. A name another customer has is a 409 customer_exists. */
export const UpdateCustomerSchema = z
  .strictObject(
    {
      name: CreateCustomerSchema.shape.name.optional(),
      archived: z.boolean({ error: 'archived must be true or false' }).optional(),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Only the name and archived can be changed' : undefined) },
  )
  .refine((v) => v.name !== undefined || v.archived !== undefined, { message: 'Nothing to change' });
export type UpdateCustomer = z.infer<typeof UpdateCustomerSchema>;

/** Merge the customer in the path into `into`: its activities move there and it is removed. */
export const MergeCustomerSchema = z.strictObject({ into: z.uuid({ error: 'Choose the customer to keep' }) });
export type MergeCustomer = z.infer<typeof MergeCustomerSchema>;

export const CustomerMergeResultSchema = z.object({
  /** The customer kept, as it is after the merge. */
  customer: CustomerSchema,
  /** How many activities moved to it. */
  movedActivities: z.number().int(),
});
export type CustomerMergeResult = z.infer<typeof CustomerMergeResultSchema>;
