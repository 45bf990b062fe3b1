import { createRoute } from '@hono/zod-openapi';
import {
  ApiErrorSchema,
  CelebrationSettingsSchema,
  FeedQuerySchema,
  FeedSchema,
  ItemReactionsSchema,
  ToggleReactionSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember, tokenRoute } from '../session/session.middleware';
import { getCelebrationSettings, getFeed, toggleReaction, updateCelebrationSettings } from './celebrations.service';

/*
 * Celebrations and reactions (decision 051): the company's choices (members read, admins write),
 * the floor's feed with its reactions, and a member's reaction (a wall's feed: display-links).
 */
export const celebrationsRoutes = createRouter();

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const notFoundResponse = (description: string) => ({ description, ...json(ApiErrorSchema) });

celebrationsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/celebrations/settings',
    tags: ['Celebrations'],
    summary: 'What the company celebrates on its TVs and in the app (the defaults until an admin saves)',
    middleware: [requireMember] as const,
    responses: { 200: { description: 'OK', ...json(CelebrationSettingsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getCelebrationSettings(c.get('deps'), c.get('actor')), 200),
);

celebrationsRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/celebrations/settings',
    tags: ['Celebrations'],
    summary: 'Choose what is celebrated, the sale minimum, the sound and the style (admin; audited)',
    middleware: [requireMember, requireAdmin] as const,
    request: { body: { ...json(CelebrationSettingsSchema), required: true } },
    responses: { 200: { description: 'Saved', ...json(CelebrationSettingsSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await updateCelebrationSettings(c.get('deps'), c.get('actor'), c.req.valid('json')), 200),
);

celebrationsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/feed',
    tags: ['Feed'],
    summary: "The floor's feed: the newest activities and feed events together, newest first, with their reactions",
    ...tokenRoute('stats:read', [requireMember]),
    request: { query: FeedQuerySchema },
    responses: {
      200: { description: 'OK', ...json(FeedSchema) },
      ...errorResponses,
      404: notFoundResponse('No such team in your company (teamId)'),
    },
  }),
  async (c) => c.json(await getFeed(c.get('deps'), c.get('actor'), c.req.valid('query')), 200),
);

celebrationsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/feed/reactions',
    tags: ['Feed'],
    summary: "React to a feed item with an emoji, or take one's reaction back (a toggle)",
    middleware: [requireMember] as const,
    request: { body: { ...json(ToggleReactionSchema), required: true } },
    responses: {
      200: { description: "The item's reactions now", ...json(ItemReactionsSchema) },
      ...errorResponses,
      404: notFoundResponse('No such activity or feed event in your company'),
    },
  }),
  async (c) => c.json(await toggleReaction(c.get('deps'), c.get('actor'), c.req.valid('json')), 200),
);
