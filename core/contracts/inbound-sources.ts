import { z } from 'zod';
import { EntryIdSchema } from './activity-types';
import { text } from './common';

/*
 * Inbound sources (decision 120): anything that can send an HTTP request (Zapier, Make,
 * n8n, a home-made system) logs activities for the company's members. An admin creates a source and
 * gets a URL and a secret; each request is signed (Standard Webhooks, or an HMAC of the body in a
 * header) and its JSON is read by the source's mapping into one activity, kept once per external id:
 * the same id again updates that activity, and a payload marked deleted removes it.
 */

export const INBOUND_SIGNATURES = ['standard_webhooks', 'hmac_sha256'] as const;
export type InboundSignature = (typeof INBOUND_SIGNATURES)[number];

export const INBOUND_SOURCE_NAME_MAX = 80;
/** Sources one company may have: one per system that sends, with room. */
export const INBOUND_SOURCES_PER_COMPANY = 20;
/** The largest request body a source takes (a payload is one activity, not a file). */
export const INBOUND_BODY_MAX_BYTES = 64 * 1024;
/** Payloads kept per source for the mapping's preview (the newest). */
export const INBOUND_PAYLOADS_KEPT = 20;
/** How long a refused payload is kept for the admin to see. */
export const INBOUND_REFUSED_KEPT_DAYS = 7;

/** Where a value is in the payload: keys separated by dots, an array's item by its number (`data.owners.0.email`). */
export const InboundPathSchema = text({ error: 'A path must be text' })
  .trim()
  .min(1, 'Enter where the value is in the payload')
  .max(200, 'A path can be at most 200 characters')
  .regex(/^[^.\s]+(\.[^.\s]+)*$/, 'Write the path as keys separated by dots, for example data.owner.email');

/** What is logged: a built-in kind, or one of the company's own types by id. */
export const InboundKindSchema = z.union([z.enum(['call', 'sale', 'meeting', 'email', 'linkedin']), z.uuid()], {
  error: 'Choose a built-in kind or one of your activity types',
});
export type InboundKind = z.infer<typeof InboundKindSchema>;

/** A value read from the payload, turned into one of ours by a table (the payload's value → ours). */
const translated = <T extends z.ZodType>(target: T) =>
  z.strictObject({
    path: InboundPathSchema,
    values: z
      .record(text().max(200), target)
      .refine((values) => Object.keys(values).length > 0, { message: 'Say what each value means' })
      .refine((values) => Object.keys(values).length <= 50, { message: 'At most 50 values' }),
  });

const read = z.strictObject({ path: InboundPathSchema });

/** An outcome: a call's (not_answered, no_progress, moved_forward, meeting_booked) or an own type's outcome id. */
const InboundOutcomeSchema = EntryIdSchema;

export const InboundMappingSchema = z.strictObject({
  /** The sender's own id of the record: the same id again updates what it logged. */
  externalId: read,
  /** Whose activity: the member with this e-mail address, or this Dealboard member id. */
  member: z.strictObject({ path: InboundPathSchema, by: z.enum(['email', 'id'], { error: 'Choose e-mail or member id' }) }),
  /** What is logged: always one kind, or the kind a payload's value names. */
  kind: z.union([z.strictObject({ value: InboundKindSchema }), translated(InboundKindSchema)], {
    error: 'Choose what is logged, or where the payload says it',
  }),
  /** The outcome: always one, or the one a payload's value names (a call without one is answered with no progress). */
  outcome: z.union([z.strictObject({ value: InboundOutcomeSchema }), translated(InboundOutcomeSchema)]).nullish(),
  /** A sale's value, as a number in the company currency (`minor`: in øre or cents already). */
  value: z.strictObject({ path: InboundPathSchema, unit: z.enum(['major', 'minor']).default('major') }).nullish(),
  /** An own type's fields by field id. */
  fields: z
    .record(EntryIdSchema, read)
    .refine((fields) => Object.keys(fields).length <= 40, { message: 'At most 40 fields' })
    .nullish(),
  customer: read.nullish(),
  notes: read.nullish(),
  /** When it happened: an ISO 8601 time, or seconds or milliseconds since 1970; now when left out. */
  time: read.nullish(),
  /** A payload is a deletion when the value here is one of these (for example event = deal.deleted). */
  deleted: z.strictObject({ path: InboundPathSchema, values: z.array(text().max(200)).min(1).max(20) }).nullish(),
});
export type InboundMapping = z.infer<typeof InboundMappingSchema>;

export const InboundSourceInputSchema = z.strictObject({
  name: text({ error: 'The name must be text' })
    .trim()
    .min(1, 'Name the source')
    .max(INBOUND_SOURCE_NAME_MAX, `The name can be at most ${INBOUND_SOURCE_NAME_MAX} characters`),
  signature: z.enum(INBOUND_SIGNATURES, { error: 'Choose Standard Webhooks or an HMAC header' }).default('standard_webhooks'),
  /** The header an HMAC signature comes in (hmac_sha256). */
  signatureHeader: text()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,60}$/, 'A header name is letters, digits and -')
    .default('x-signature'),
  /** Null until the admin has mapped the first payloads: they are kept, not logged. */
  mapping: InboundMappingSchema.nullable().default(null),
  enabled: z.boolean().default(true),
});
export type InboundSourceInput = z.input<typeof InboundSourceInputSchema>;

export const InboundSourcePatchSchema = z.strictObject({
  name: InboundSourceInputSchema.shape.name.optional(),
  signatureHeader: text()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,60}$/, 'A header name is letters, digits and -')
    .optional(),
  mapping: InboundMappingSchema.nullable().optional(),
  enabled: z.boolean().optional(),
});
export type InboundSourcePatch = z.infer<typeof InboundSourcePatchSchema>;

export const InboundSourceSchema = z.object({
  id: z.uuid(),
  name: text(),
  signature: z.enum(INBOUND_SIGNATURES),
  signatureHeader: text(),
  mapping: InboundMappingSchema.nullable(),
  enabled: z.boolean(),
  /** Where the source sends: POST, JSON. */
  url: text(),
  createdAt: text(),
  lastReceivedAt: text().nullable(),
});
export type InboundSource = z.infer<typeof InboundSourceSchema>;

/** A source as created or after its secret is rotated: the secret, shown this once. */
export const CreatedInboundSourceSchema = InboundSourceSchema.extend({ secret: text() });
export type CreatedInboundSource = z.infer<typeof CreatedInboundSourceSchema>;

export const InboundSourceListSchema = z.object({ sources: z.array(InboundSourceSchema) });
export type InboundSourceList = z.infer<typeof InboundSourceListSchema>;

export const INBOUND_RESULTS = ['logged', 'updated', 'deleted', 'unchanged', 'kept', 'refused'] as const;
export type InboundResult = (typeof INBOUND_RESULTS)[number];

/** Why a payload was refused, for the admin to read (with a sentence in `reason`). */
export const INBOUND_REFUSALS = [
  'bad_signature',
  'too_large',
  'not_json',
  'missing_value',
  'unknown_member',
  'unknown_kind',
  'archived_type',
  'bad_value',
  'not_logged',
] as const;
export type InboundRefusal = (typeof INBOUND_REFUSALS)[number];

export const InboundPayloadSchema = z.object({
  id: z.uuid(),
  receivedAt: text(),
  result: z.enum(INBOUND_RESULTS),
  refusal: z.enum(INBOUND_REFUSALS).nullable(),
  /** In words, in English (the screen says it in the reader's language from `refusal`). */
  reason: text().nullable(),
  externalId: text().nullable(),
  activityId: z.uuid().nullable(),
  /** The JSON received (null when it was too large or not JSON). */
  body: z.unknown().nullable(),
});
export type InboundPayload = z.infer<typeof InboundPayloadSchema>;

export const InboundPayloadListSchema = z.object({ payloads: z.array(InboundPayloadSchema) });
export type InboundPayloadList = z.infer<typeof InboundPayloadListSchema>;

export const InboundSourceIdParamsSchema = z.object({ id: z.uuid({ error: 'No such source' }) });

/** What the sender gets back: what became of its payload. */
export const InboundReceiptSchema = z.object({
  result: z.enum(INBOUND_RESULTS),
  activityId: z.uuid().nullable(),
  refusal: z.enum(INBOUND_REFUSALS).nullable(),
  reason: text().nullable(),
});
export type InboundReceipt = z.infer<typeof InboundReceiptSchema>;
