import { createRoute } from '@hono/zod-openapi';
import {
  ChatIntegrationIdParamsSchema,
  ChatIntegrationInputSchema,
  ChatIntegrationListSchema,
  ChatIntegrationSchema,
  OkSchema,
  UpdateChatIntegrationSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { leavesAccountsAlone, requireAdmin, requireMember, tokenRoute } from '../session/session.middleware';
import {
  createChatIntegration,
  listChatIntegrations,
  removeChatIntegration,
  sendChatTestMessage,
  updateChatIntegration,
} from './chat.service';

/*
 * Slack and Microsoft Teams integrations (decision 038): the company's admins, with the session or a
 * personal access token holding webhooks:manage (a channel is a kind of webhook endpoint).
 */
export const chatRoutes = createRouter();

const tags = ['Chat integrations'];
const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const admin = () => tokenRoute('webhooks:manage', [requireMember, requireAdmin, leavesAccountsAlone]);
const notFoundResponse = { 404: { description: 'No such chat integration in your company' } } as const;

chatRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/admin/chat-integrations',
    tags,
    summary: "The company's Slack and Teams integrations, oldest first, with their last post (admin)",
    ...admin(),
    responses: { 200: { description: 'OK', ...json(ChatIntegrationListSchema) }, ...errorResponses },
  }),
  async (c) => c.json({ integrations: await listChatIntegrations(c.get('deps'), c.get('actor')) }, 200),
);

chatRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/admin/chat-integrations',
    tags,
    summary: 'Connect a Slack or Teams channel: its incoming-webhook URL, language and what it gets (admin)',
    description:
      'Slack: https://hooks.slack.com/services/…; Teams: an https URL under webhook.office.com, logic.azure.com or powerplatform.com. The URL is kept as a secret: answers show only its host and last characters. At most 20 per company (409 too_many_chat_integrations).',
    ...admin(),
    request: { body: { ...json(ChatIntegrationInputSchema), required: true } },
    responses: {
      201: { description: 'Created', ...json(ChatIntegrationSchema) },
      ...errorResponses,
      409: { description: 'The company has the most chat integrations it may (code too_many_chat_integrations)' },
    },
  }),
  async (c) => c.json(await createChatIntegration(c.get('deps'), c.get('actor'), c.req.valid('json')), 201),
);

chatRoutes.openapi(
  createRoute({
    method: 'patch',
    path: '/admin/chat-integrations/{id}',
    tags,
    summary: 'Change a chat integration: a new URL of the same platform, the language, what it posts, on or off (admin)',
    ...admin(),
    request: { params: ChatIntegrationIdParamsSchema, body: { ...json(UpdateChatIntegrationSchema), required: true } },
    responses: { 200: { description: 'OK', ...json(ChatIntegrationSchema) }, ...errorResponses, ...notFoundResponse },
  }),
  async (c) => c.json(await updateChatIntegration(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
);

chatRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/admin/chat-integrations/{id}',
    tags,
    summary: 'Disconnect a channel: nothing more is posted to it (admin)',
    ...admin(),
    request: { params: ChatIntegrationIdParamsSchema },
    responses: { 200: { description: 'Deleted', ...json(OkSchema) }, ...errorResponses, ...notFoundResponse },
  }),
  async (c) => {
    await removeChatIntegration(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  },
);

chatRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/admin/chat-integrations/{id}/test',
    tags,
    summary: "Post a test message to the channel: today's summary so far (admin)",
    ...admin(),
    request: { params: ChatIntegrationIdParamsSchema },
    responses: {
      202: { description: 'Queued', ...json(OkSchema) },
      ...errorResponses,
      ...notFoundResponse,
      409: { description: 'The integration is turned off (code integration_disabled)' },
    },
  }),
  async (c) => {
    await sendChatTestMessage(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 202);
  },
);
