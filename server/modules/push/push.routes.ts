import { createRoute } from '@hono/zod-openapi';
import {
  ApiErrorSchema,
  PushPreferencesSchema,
  PushPublicKeySchema,
  PushSettingsSchema,
  SubscribePushSchema,
  UnsubscribePushSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireMember } from '../session/session.middleware';
import { getPushPublicKey, getPushSettings, subscribePush, unsubscribePush, updatePushPreferences } from './push.service';

/*
 * Push notifications (decision 055): the key a browser subscribes with, and a member's own devices
 * and choices. Session only: a personal access token has no browser to push to.
 */
export const pushRoutes = createRouter();

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const tags = ['Push notifications'];

pushRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/push/public-key',
    tags,
    summary: "The instance's VAPID public key: the applicationServerKey a browser subscribes with",
    middleware: [requireMember] as const,
    responses: { 200: { description: 'OK', ...json(PushPublicKeySchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getPushPublicKey(c.get('deps')), 200),
);

pushRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/me/push',
    tags,
    summary: 'Your notification choices and the devices that receive them',
    middleware: [requireMember] as const,
    responses: { 200: { description: 'OK', ...json(PushSettingsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getPushSettings(c.get('deps'), c.get('actor')), 200),
);

pushRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/me/push/preferences',
    tags,
    summary: 'Choose which notifications you get, the wrap-up reminder’s time and your quiet hours',
    middleware: [requireMember] as const,
    request: { body: { ...json(PushPreferencesSchema), required: true } },
    responses: { 200: { description: 'Saved', ...json(PushSettingsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await updatePushPreferences(c.get('deps'), c.get('actor'), c.req.valid('json')), 200),
);

pushRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/me/push/subscriptions',
    tags,
    summary: 'Turn push on for this browser: its PushSubscription (endpoint and keys); again is the same as once',
    middleware: [requireMember] as const,
    request: { body: { ...json(SubscribePushSchema), required: true } },
    responses: {
      200: { description: 'Your choices and devices now', ...json(PushSettingsSchema) },
      ...errorResponses,
      409: { description: 'Push is on for 10 devices already (too_many_push_devices)', ...json(ApiErrorSchema) },
    },
  }),
  async (c) => c.json(await subscribePush(c.get('deps'), c.get('actor'), c.req.valid('json'), c.req.header('user-agent')), 200),
);

pushRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/me/push/subscriptions/remove',
    tags,
    summary: 'Turn push off for a browser (by its endpoint); one that was not on is not an error',
    middleware: [requireMember] as const,
    request: { body: { ...json(UnsubscribePushSchema), required: true } },
    responses: { 200: { description: 'Your choices and devices now', ...json(PushSettingsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await unsubscribePush(c.get('deps'), c.get('actor'), c.req.valid('json')), 200),
);
