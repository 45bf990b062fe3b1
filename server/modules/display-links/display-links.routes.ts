import { createRoute } from '@hono/zod-openapi';
import {
  CreateDisplayLinkSchema,
  CreatedDisplayLinkSchema,
  DisplayLeaderboardSchema,
  DisplayLinkIdParamsSchema,
  DisplayLinkListSchema,
  DisplayLinkSchema,
  DisplayTokenParamsSchema,
  DISPLAY_LINK_STREAM_LIMIT,
  EventStreamQuerySchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { describeEventStream, eventStreamResponse, streamCompanyEvents } from '../../realtime/events.routes';
import { requireAdmin, requireMember } from '../session/session.middleware';
import {
  checkDisplayTokenActive,
  createDisplayLink,
  getDisplayLeaderboard,
  getDisplayLinkByToken,
  listDisplayLinks,
  revokeDisplayLink,
} from './display-links.service';

/*
 * Display links: admins make, list and revoke them; a wall screen holding a token reads the TV
 * leaderboard and the live event stream without signing in.
 */
export const displayLinksRoutes = createRouter();

const tags = ['Display links'];
const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });

displayLinksRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/display-links',
    tags,
    summary: 'Make a display link (admin). The answer holds the secret token, shown this once',
    middleware: [requireMember, requireAdmin] as const,
    request: { body: { ...json(CreateDisplayLinkSchema), required: true } },
    responses: { 201: { description: 'Created', ...json(CreatedDisplayLinkSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await createDisplayLink(c.get('deps'), c.get('actor'), c.req.valid('json')), 201),
);

displayLinksRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/display-links',
    tags,
    summary: "The company's display links, newest first, revoked ones included; never their tokens (admin)",
    middleware: [requireMember, requireAdmin] as const,
    responses: { 200: { description: 'OK', ...json(DisplayLinkListSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await listDisplayLinks(c.get('deps'), c.get('actor')), 200),
);

displayLinksRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/display-links/{id}',
    tags,
    summary: 'Revoke a display link (admin); screens using it stop at once',
    middleware: [requireMember, requireAdmin] as const,
    request: { params: DisplayLinkIdParamsSchema },
    responses: {
      200: { description: 'Revoked', ...json(DisplayLinkSchema) },
      ...errorResponses,
      404: { description: 'No such link in your company' },
    },
  }),
  async (c) => c.json(await revokeDisplayLink(c.get('deps'), c.get('actor'), c.req.valid('param').id), 200),
);

displayLinksRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/display/{token}/leaderboard',
    security: [], // public: no session needed
    tags,
    summary: "Today's top 10 by points for the link's company, without signing in",
    request: { params: DisplayTokenParamsSchema },
    responses: {
      200: { description: 'OK', ...json(DisplayLeaderboardSchema) },
      404: { description: 'Unknown or revoked link' },
    },
  }),
  async (c) => c.json(await getDisplayLeaderboard(c.get('deps'), c.req.valid('param').token), 200),
);

/** Same events as /events (see streamCompanyEvents); ends with a 'revoked' event once the link is revoked. */
displayLinksRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/display/{token}/events',
    security: [], // public: no session needed
    tags: [...tags, 'Live events'],
    summary: "Live changes in the link's company, without signing in (Server-Sent Events)",
    description: describeEventStream('display link', DISPLAY_LINK_STREAM_LIMIT, 'an admin revoked the link'),
    request: { params: DisplayTokenParamsSchema, query: EventStreamQuerySchema },
    responses: {
      200: eventStreamResponse,
      400: errorResponses[400],
      404: { description: 'Unknown or revoked link' },
    },
  }),
  async (c) => {
    const deps = c.get('deps');
    const { token } = c.req.valid('param');
    const link = await getDisplayLinkByToken(deps, token);
    return streamCompanyEvents(c, {
      companyId: link.companyId,
      isStillAllowed: () => checkDisplayTokenActive(deps, token),
      limit: { key: `display-link:${link.linkId}`, max: DISPLAY_LINK_STREAM_LIMIT, client: c.req.valid('query').client },
    });
  },
);
