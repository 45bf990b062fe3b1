import { z } from 'zod';
import { text } from './common';

/*
 * Signed webhooks (decision 037): an admin registers endpoints that receive the company's events,
 * signed with the Standard Webhooks scheme, queued in the same transaction as the change and
 * delivered by the server with retries for a day.
 */

/** The events an endpoint may subscribe to, in the order the docs and the screen list them. */
export const WEBHOOK_EVENT_TYPES = [
  'activity.created',
  'activity.updated',
  'activity.deleted',
  'sale.created',
  'goal.reached',
  'wrapup.submitted',
  'member.joined',
] as const;
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, {
  error: `An event must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
});
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

/** The event "Send test event" queues: sent to that one endpoint whatever it subscribes to. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/**
 * What an endpoint is. Only signed webhooks today; chat incoming webhooks (Slack, Teams) will ride
 * the same outbox as kinds of their own, formatted by core/chat and sent unsigned (decision 037).
 */
export const WEBHOOK_KINDS = ['webhook'] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

export const WEBHOOK_DESCRIPTION_MAX = 200;
export const WEBHOOK_URL_MAX = 2000;
/** Endpoints one company may register: enough for every integration, few enough to review. */
export const WEBHOOK_ENDPOINTS_PER_COMPANY = 20;

/** The fields without their defaults: a PATCH changes only what it names. */
const WebhookEndpointFields = z.object({
  url: text({ error: 'The URL must be text' })
    .trim()
    .min(1, 'Enter the URL that receives the events')
    .max(WEBHOOK_URL_MAX, `The URL can be at most ${WEBHOOK_URL_MAX} characters`),
  description: text({ error: 'The description must be text' })
    .trim()
    .max(WEBHOOK_DESCRIPTION_MAX, `The description can be at most ${WEBHOOK_DESCRIPTION_MAX} characters`),
  events: z
    .array(WebhookEventTypeSchema, { error: 'Choose the events to send' })
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENT_TYPES.length, 'Each event at most once')
    .refine((events) => new Set(events).size === events.length, { message: 'Each event at most once' }),
  enabled: z.boolean({ error: 'enabled is true or false' }),
});

export const WebhookEndpointInputSchema = WebhookEndpointFields.extend({
  description: WebhookEndpointFields.shape.description.default(''),
  enabled: WebhookEndpointFields.shape.enabled.default(true),
});
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInputSchema>;

/**
 * PATCH: any of the fields, and only those. (Built from the fields without defaults: zod 4 fills a
 * default even inside `.partial()`, so a PATCH of the description alone used to turn the endpoint on.)
 */
export const UpdateWebhookEndpointSchema = WebhookEndpointFields.partial().refine((value) => Object.keys(value).length > 0, {
  message: 'Change at least one field',
});
export type UpdateWebhookEndpoint = z.infer<typeof UpdateWebhookEndpointSchema>;

export const WebhookEndpointSchema = z.object({
  id: text(),
  kind: z.enum(WEBHOOK_KINDS),
  url: text(),
  description: text(),
  events: z.array(WebhookEventTypeSchema),
  enabled: z.boolean(),
  /** Why it is off: 'failing' when the server turned it off after a day of failed deliveries. */
  disabledReason: z.enum(['failing']).nullable(),
  createdAt: text(),
  updatedAt: text(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;

/**
 * The answer to adding an endpoint or rotating its secret, the only two that carry the signing secret:
 * lists and reads leave it out, so it does not sit in every admin's browser cache and logs. A lost
 * secret is rotated, not read back.
 */
export const WebhookEndpointWithSecretSchema = WebhookEndpointSchema.extend({
  /** The signing secret, whsec_ followed by base64: receivers verify webhook-signature with it. */
  secret: text(),
});
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecretSchema>;

export const WebhookEndpointListSchema = z.object({ endpoints: z.array(WebhookEndpointSchema) });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointListSchema>;

export const WebhookEndpointIdParamsSchema = z.object({ id: z.uuid({ error: 'Not a webhook endpoint id' }) });
export const WebhookDeliveryParamsSchema = z.object({
  id: z.uuid({ error: 'Not a webhook endpoint id' }),
  deliveryId: z.uuid({ error: 'Not a delivery id' }),
});

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const WebhookDeliverySchema = z.object({
  id: text(),
  /** One of WEBHOOK_EVENT_TYPES, or webhook.test. */
  eventType: text(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The receiver's HTTP status of the last attempt; null when none answered (refused, timed out, unreachable). */
  responseStatus: z.number().int().nullable(),
  /** The start of the receiver's answer (at most 500 characters), or why nothing was sent. */
  responseExcerpt: text().nullable(),
  nextAttemptAt: text().nullable(),
  lastAttemptAt: text().nullable(),
  createdAt: text(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

export const WebhookDeliveryListSchema = z.object({ deliveries: z.array(WebhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;

/** The newest deliveries a log shows. */
export const WEBHOOK_DELIVERY_LOG_SIZE = 100;
