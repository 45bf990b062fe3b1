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
export const CUSTOMER_SUGGEST_MIN_CHARS = 2;
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
});
export type Customer = z.infer<typeof CustomerSchema>;

export const CustomerSuggestionSchema = z.object({ id: text(), name: text() });
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
