import { createRoute } from '@hono/zod-openapi';
import {
  OkSchema,
  UpdateWebhookEndpointSchema,
  WebhookDeliveryListSchema,
  WebhookDeliveryParamsSchema,
  WebhookDeliverySchema,
  WebhookEndpointIdParamsSchema,
  WebhookEndpointInputSchema,
  WebhookEndpointListSchema,
  WebhookEndpointSchema,
  WebhookEndpointWithSecretSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { leavesAccountsAlone, requireAdmin, requireMember, tokenRoute } from '../session/session.middleware';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  rotateWebhookSecret,
  sendWebhookTestEvent,
  updateWebhookEndpoint,
} from './webhooks.service';

/*
 * Webhook endpoints and their delivery logs (decision 037): the company's admins, with the session
 * or a personal access token holding webhooks:manage. None of these writes touches an account.
 */
export const webhooksRoutes = createRouter();

const tags = ['Webhooks'];
const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const admin = () => tokenRoute('webhooks:manage', [requireMember, requireAdmin, leavesAccountsAlone]);
const notFoundResponse = { 404: { description: 'No such endpoint (or delivery) in your company' } } as const;

webhooksRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/admin/webhooks',
    tags,
    summary: "The company's webhook endpoints, oldest first (admin; the signing secret is only in the answers to adding and rotating)",
    ...admin(),
    responses: { 200: { description: 'OK', ...json(WebhookEndpointListSchema) }, ...errorResponses },
  }),
  async (c) => c.json({ endpoints: await listWebhookEndpoints(c.get('deps'), c.get('actor')) }, 200),
);

webhooksRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/admin/webhooks',
    tags,
    summary: 'Register an endpoint: its URL, a description and the events it receives (admin)',
    description:
      'The URL must be https:// and resolve to a public address in production (http:// to localhost is allowed elsewhere). The answer holds the new signing secret. At most 20 endpoints per company (409 too_many_webhook_endpoints).',
    ...admin(),
    request: { body: { ...json(WebhookEndpointInputSchema), required: true } },
    responses: {
      201: { description: 'Created', ...json(WebhookEndpointWithSecretSchema) },
      ...errorResponses,
      409: { description: 'The company has the most endpoints it may (code too_many_webhook_endpoints)' },
    },
  }),
  async (c) => c.json(await createWebhookEndpoint(c.get('deps'), c.get('actor'), c.req.valid('json')), 201),
);

webhooksRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/admin/webhooks/{id}',
    tags,
    summary: 'One endpoint (admin)',
    ...admin(),
    request: { params: WebhookEndpointIdParamsSchema },
    responses: { 200: { description: 'OK', ...json(WebhookEndpointSchema) }, ...errorResponses, ...notFoundResponse },
  }),
  async (c) => c.json(await getWebhookEndpoint(c.get('deps'), c.get('actor'), c.req.valid('param').id), 200),
);

webhooksRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/admin/webhooks/{id}',
    tags,
    summary: 'Change an endpoint: URL, description, events, or turn it on or off (admin)',
    ...admin(),
    request: { params: WebhookEndpointIdParamsSchema, body: { ...json(UpdateWebhookEndpointSchema), required: true } },
    responses: { 200: { description: 'OK', ...json(WebhookEndpointSchema) }, ...errorResponses, ...notFoundResponse },
  }),
  async (c) => c.json(await updateWebhookEndpoint(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
);

webhooksRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/admin/webhooks/{id}',
    tags,
    summary: 'Delete an endpoint and its delivery log; nothing more is sent to it (admin)',
    ...admin(),
    request: { params: WebhookEndpointIdParamsSchema },
    responses: { 200: { description: 'Deleted', ...json(OkSchema) }, ...errorResponses, ...notFoundResponse },
  }),
  async (c) => {
    await deleteWebhookEndpoint(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  },
);

webhooksRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/admin/webhooks/{id}/rotate-secret',
    tags,
    summary: 'A new signing secret for the endpoint; the old one stops verifying at once (admin)',
    ...admin(),
    request: { params: WebhookEndpointIdParamsSchema },
    responses: { 200: { description: 'OK', ...json(WebhookEndpointWithSecretSchema) }, ...errorResponses, ...notFoundResponse },
  }),
  async (c) => c.json(await rotateWebhookSecret(c.get('deps'), c.get('actor'), c.req.valid('param').id), 200),
);

webhooksRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/admin/webhooks/{id}/test',
    tags,
    summary: 'Queue a webhook.test event for this endpoint alone (admin)',
    ...admin(),
    request: { params: WebhookEndpointIdParamsSchema },
    responses: {
      202: { description: 'Queued', ...json(OkSchema) },
      ...errorResponses,
      ...notFoundResponse,
      409: { description: 'The endpoint is turned off (code endpoint_disabled)' },
    },
  }),
  async (c) => {
    await sendWebhookTestEvent(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 202);
  },
);

webhooksRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/admin/webhooks/{id}/deliveries',
    tags,
    summary: "The endpoint's newest 100 deliveries: status, event, response code, attempts, next attempt (admin)",
    ...admin(),
    request: { params: WebhookEndpointIdParamsSchema },
    responses: { 200: { description: 'OK', ...json(WebhookDeliveryListSchema) }, ...errorResponses, ...notFoundResponse },
  }),
  async (c) => c.json({ deliveries: await listWebhookDeliveries(c.get('deps'), c.get('actor'), c.req.valid('param').id) }, 200),
);

webhooksRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/admin/webhooks/{id}/deliveries/{deliveryId}/resend',
    tags,
    summary: 'Queue a delivery that succeeded or gave up again, at the end of the line (admin)',
    ...admin(),
    request: { params: WebhookDeliveryParamsSchema },
    responses: {
      200: { description: 'Queued', ...json(WebhookDeliverySchema) },
      ...errorResponses,
      ...notFoundResponse,
      409: { description: 'The delivery is still queued or being sent (code delivery_open)' },
    },
  }),
  async (c) => {
    const { id, deliveryId } = c.req.valid('param');
    return c.json(await resendWebhookDelivery(c.get('deps'), c.get('actor'), id, deliveryId), 200);
  },
);
