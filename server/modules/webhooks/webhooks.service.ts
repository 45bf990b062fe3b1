import { randomBytes } from 'node:crypto';
import {
  type DomainEvent,
  WEBHOOK_DELIVERY_LOG_SIZE,
  WEBHOOK_ENDPOINTS_PER_COMPANY,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
  type UpdateWebhookEndpoint,
  type WebhookDelivery,
  type WebhookDeliveryStatus,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  type WebhookEndpointInput,
  type WebhookEventType,
  WebhookEndpointInputSchema,
} from '@core/contracts';
import { type Actor, type AppDeps, memberScopeOf } from '../../context';
import type { Transaction } from '../../db/client';
import type { CompanyId } from '../../db/tenant';
import { badRequest, HttpError, notFound } from '../../lib/http';
import {
  deleteWebhookEndpoint as deleteEndpointRow,
  findWebhookEndpoint,
  findWebhookEndpoints,
  insertWebhookEndpoint,
  updateWebhookEndpoint as updateEndpointRow,
  type WebhookEndpointRow,
} from './webhook-endpoints.repository';
import {
  findWebhookDeliveries,
  insertWebhookDeliveries,
  insertWebhookTestDelivery,
  requeueWebhookDelivery,
  type ChatEndpointChoices,
  type WebhookDeliveryRow,
} from './webhook-deliveries.repository';
import { checkOutboundUrl, OutboundTargetRefused } from '../../lib/outbound-targets';

/*
 * Signed webhooks (decision 037): an admin's endpoints, their delivery logs, and the one way every
 * module records an event (recordWebhookEvent, inside the change's own transaction). Sending is the
 * delivery worker's (webhooks.worker.ts).
 */

export { deleteDeliveriesAbout } from './webhook-deliveries.repository';

/** whsec_ and base64 of 24 random bytes (192 bits), the Standard Webhooks secret format. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

const isEventType = (type: string): type is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type);

function toWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    kind: 'webhook',
    url: row.url,
    description: row.description,
    events: WEBHOOK_EVENT_TYPES.filter((type) => row.events.includes(type)),
    enabled: row.enabled,
    disabledReason: row.disabledReason === 'failing' ? 'failing' : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventType: row.eventType,
    status: row.status as WebhookDeliveryStatus,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    responseExcerpt: row.responseExcerpt,
    nextAttemptAt: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const endpointNotFound = () => notFound('No such webhook endpoint in your company.');

/** The URL's refusal as a field message (400), the words the form shows under the URL. */
async function requireAllowedUrl(deps: AppDeps, url: string): Promise<string> {
  try {
    return (await checkOutboundUrl(url, deps.outboundTargets)).toString();
  } catch (error) {
    if (error instanceof OutboundTargetRefused) throw badRequest(error.message, { url: error.message });
    throw error;
  }
}

/** Only adding and rotating answer with the secret (see WebhookEndpointWithSecretSchema). */
function toEndpointWithSecret(row: WebhookEndpointRow): WebhookEndpointWithSecret {
  return { ...toWebhookEndpoint(row), secret: row.secret };
}

export async function createWebhookEndpoint(deps: AppDeps, actor: Actor, input: WebhookEndpointInput): Promise<WebhookEndpointWithSecret> {
  const parsed = WebhookEndpointInputSchema.parse(input);
  const url = await requireAllowedUrl(deps, parsed.url);
  const row = await insertWebhookEndpoint(deps.database.db, memberScopeOf(actor), {
    url,
    description: parsed.description,
    events: WEBHOOK_EVENT_TYPES.filter((type) => parsed.events.includes(type)),
    enabled: parsed.enabled,
    secret: generateWebhookSecret(),
    now: deps.now(),
    limit: WEBHOOK_ENDPOINTS_PER_COMPANY,
  });
  if (row === 'too_many') {
    throw new HttpError(
      409,
      'too_many_webhook_endpoints',
      `Your company already has ${WEBHOOK_ENDPOINTS_PER_COMPANY} webhook endpoints. Delete one before adding another.`,
    );
  }
  return toEndpointWithSecret(row);
}

export async function listWebhookEndpoints(deps: AppDeps, actor: Actor): Promise<WebhookEndpoint[]> {
  return (await findWebhookEndpoints(deps.database.db, memberScopeOf(actor))).map(toWebhookEndpoint);
}

export async function getWebhookEndpoint(deps: AppDeps, actor: Actor, id: string): Promise<WebhookEndpoint> {
  const row = await findWebhookEndpoint(deps.database.db, memberScopeOf(actor), id);
  if (!row) throw endpointNotFound();
  return toWebhookEndpoint(row);
}

export async function updateWebhookEndpoint(
  deps: AppDeps,
  actor: Actor,
  id: string,
  changes: UpdateWebhookEndpoint,
): Promise<WebhookEndpoint> {
  const url = changes.url !== undefined ? await requireAllowedUrl(deps, changes.url) : undefined;
  const row = await updateEndpointRow(deps.database.db, memberScopeOf(actor), id, {
    ...(url !== undefined && { url }),
    ...(changes.description !== undefined && { description: changes.description }),
    ...(changes.events !== undefined && { events: WEBHOOK_EVENT_TYPES.filter((type) => changes.events!.includes(type)) }),
    ...(changes.enabled !== undefined && { enabled: changes.enabled }),
    updatedAt: deps.now(),
  });
  if (!row) throw endpointNotFound();
  return toWebhookEndpoint(row);
}

/** A new signing secret: the old one stops verifying with the next delivery. */
export async function rotateWebhookSecret(deps: AppDeps, actor: Actor, id: string): Promise<WebhookEndpointWithSecret> {
  const row = await updateEndpointRow(deps.database.db, memberScopeOf(actor), id, {
    secret: generateWebhookSecret(),
    updatedAt: deps.now(),
  });
  if (!row) throw endpointNotFound();
  return toEndpointWithSecret(row);
}

export async function deleteWebhookEndpoint(deps: AppDeps, actor: Actor, id: string): Promise<void> {
  if (!(await deleteEndpointRow(deps.database.db, memberScopeOf(actor), id, deps.now()))) throw endpointNotFound();
}

export async function listWebhookDeliveries(deps: AppDeps, actor: Actor, endpointId: string): Promise<WebhookDelivery[]> {
  const rows = await findWebhookDeliveries(deps.database.db, memberScopeOf(actor), endpointId, WEBHOOK_DELIVERY_LOG_SIZE);
  if (!rows) throw endpointNotFound();
  return rows.map(toWebhookDelivery);
}

/** Queues a finished delivery again (Resend), at the end of its endpoint's line. */
export async function resendWebhookDelivery(deps: AppDeps, actor: Actor, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
  const row = await requeueWebhookDelivery(deps.database.db, memberScopeOf(actor), { endpointId, deliveryId, now: deps.now() });
  if (row === null) throw notFound('No such delivery of this endpoint.');
  if (row === 'open') throw new HttpError(409, 'delivery_open', 'This delivery is still queued or being sent.');
  // Queued again by an update, which is not announced as new deliveries are: wake this instance's sender.
  deps.webhooks.wake();
  return toWebhookDelivery(row);
}

/** Queues a webhook.test event for this endpoint alone (Send test event). */
export async function sendWebhookTestEvent(deps: AppDeps, actor: Actor, endpointId: string): Promise<void> {
  const now = deps.now();
  const event = {
    type: WEBHOOK_TEST_EVENT,
    body: composeWebhookBody(WEBHOOK_TEST_EVENT, now, { message: 'A test event sent from the Webhooks screen.' }),
  };
  const outcome = await insertWebhookTestDelivery(deps.database.db, memberScopeOf(actor), { endpointId, event, now });
  if (outcome === null) throw endpointNotFound();
  if (outcome === 'disabled') throw new HttpError(409, 'endpoint_disabled', 'Turn the endpoint on before sending it a test event.');
}

/**
 * The signed body: {"type","timestamp","data"} (the Standard Webhooks payload shape). The
 * member the event is about ("member": id, name, e-mail) is added when the delivery is queued
 * (insertWebhookDeliveries), from the company's own records.
 */
function composeWebhookBody(type: string, occurredAt: Date, data: unknown): string {
  return JSON.stringify({ type, timestamp: occurredAt.toISOString(), data });
}

/** An event as the module that made the change describes it. */
export type WebhookEvent = { type: WebhookEventType; data: unknown };

/** The member an event is about: its data's userId (an activity, a sale, a goal, a wrap-up, a joining), if any. */
function findEventMember(data: unknown): string | null {
  const userId = typeof data === 'object' && data !== null ? (data as { userId?: unknown }).userId : undefined;
  return typeof userId === 'string' ? userId : null;
}

/**
 * Transaction step, the one way an event is recorded: inside the transaction of the change, one
 * delivery per enabled endpoint of the company that subscribes to it (one statement for all the
 * events given). A rolled-back change leaves no delivery behind, so nothing is sent for it.
 */
export async function recordWebhookEvents(
  tx: Transaction,
  companyId: CompanyId,
  events: (WebhookEvent & { occurredAt?: Date })[],
  occurredAt: Date,
): Promise<void> {
  const known = events.filter((event) => isEventType(event.type));
  const { chatEndpoints } = await insertWebhookDeliveries(
    tx,
    companyId,
    known.map((event) => ({
      type: event.type,
      body: composeWebhookBody(event.type, event.occurredAt ?? occurredAt, event.data),
      memberId: findEventMember(event.data),
    })),
    occurredAt,
  );
  for (const listener of eventListeners) await listener(tx, companyId, known, occurredAt, chatEndpoints);
}

/** The webhook events one domain event makes, in the order receivers have always had them (decision 037). */
function describeWebhookEvents(event: DomainEvent): WebhookEvent[] {
  switch (event.type) {
    case 'activity.logged':
      return event.activity.kind === 'sale'
        ? [
            { type: 'activity.created', data: event.activity },
            { type: 'sale.created', data: event.activity },
          ]
        : [{ type: 'activity.created', data: event.activity }];
    case 'activity.updated':
      return [{ type: 'activity.updated', data: event.activity }];
    case 'activity.deleted':
      return [{ type: 'activity.deleted', data: { ...event.activity, deletedAt: event.deletedAt } }];
    case 'goal.reached': {
      const { userId, goal, target, localDate, activityId } = event;
      // A goal on an own type (decision 106) says which type.
      const typeId = event.goal === 'type' ? { typeId: event.typeId } : {};
      return [{ type: 'goal.reached', data: { userId, goal, ...typeId, target, localDate, activityId } }];
    }
    case 'wrapup.submitted':
      return [{ type: 'wrapup.submitted', data: event.wrapup }];
    case 'member.joined': {
      const { userId, displayName, role, joinedAt } = event;
      return [{ type: 'member.joined', data: { userId, displayName, role, joinedAt } }];
    }
    case 'customers.merged':
      return [];
  }
}

/**
 * Follower of domain events after commit (decision 095), from the log: the deliveries of every
 * webhook event a company's new changes make, in one statement (each body stamped with its own
 * change's time).
 */
export async function recordWebhooksForChanges(
  tx: Transaction,
  companyId: CompanyId,
  changes: readonly { events: readonly DomainEvent[]; occurredAt: Date }[],
): Promise<void> {
  const described = changes.flatMap((change) =>
    change.events.flatMap(describeWebhookEvents).map((event) => ({ ...event, occurredAt: change.occurredAt })),
  );
  if (described.length > 0) await recordWebhookEvents(tx, companyId, described, changes.at(-1)!.occurredAt);
}

/** A module that queues posts of its own for the same events, in the same transaction. */
export type WebhookEventListener = (
  tx: Transaction,
  companyId: CompanyId,
  events: WebhookEvent[],
  occurredAt: Date,
  /** The company's enabled Slack and Teams endpoints, read with the webhooks' own deliveries. */
  chatEndpoints: ChatEndpointChoices[],
) => Promise<void>;
const eventListeners = new Set<WebhookEventListener>();

/**
 * Adds a listener to every recorded event, at start-up (bootstrap.ts): Slack and Teams channels
 * get their own posts for the sales and goals they want (decision 038). A listener, not an
 * import: the chat module reads members and scoreboards, which sit above this module.
 */
export function listenToWebhookEvents(listener: WebhookEventListener): void {
  eventListeners.add(listener);
}
