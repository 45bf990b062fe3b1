import { createRoute } from '@hono/zod-openapi';
import {
  ApiErrorSchema,
  CreateDisplayLinkSchema,
  CreatedDisplayLinkSchema,
  DisplayLeaderboardQuerySchema,
  DisplayLeaderboardSchema,
  DisplayLinkIdParamsSchema,
  DisplayLinkListSchema,
  DisplayLinkSchema,
  DisplayTokenParamsSchema,
  DISPLAY_LINK_STREAM_LIMIT,
  DisplayPlaylistSchema,
  DisplayScreenDataSchema,
  DisplayScreenParamsSchema,
  ContestStandingsSchema,
  DisplayContestParamsSchema,
  DisplayFeedSchema,
  SetDisplayLinkPlaylistSchema,
  EventStreamQuerySchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { describeEventStream, eventStreamResponse, streamCompanyEvents } from '../../realtime/events.routes';
import { requireAdmin, requireMember } from '../session/session.middleware';
import {
  checkDisplayTokenActive,
  createDisplayChangeFilter,
  createDisplayLink,
  getDisplayLeaderboard,
  getDisplayLinkByToken,
  getDisplayPlaylist,
  getDisplayScreen,
  listDisplayLinks,
  revokeDisplayLink,
  setDisplayLinkPlaylist,
  getDisplayContestStandings,
  getDisplayFeed,
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
    method: 'put',
    path: '/display-links/{id}/playlist',
    tags,
    summary: "Point a display link at a TV playlist, or back at today's leaderboard alone with null (admin)",
    middleware: [requireMember, requireAdmin] as const,
    request: { params: DisplayLinkIdParamsSchema, body: { ...json(SetDisplayLinkPlaylistSchema), required: true } },
    responses: {
      200: { description: 'Saved', ...json(DisplayLinkSchema) },
      ...errorResponses,
      404: { description: 'No such active link, or no such playlist, in your company' },
    },
  }),
  async (c) =>
    c.json(await setDisplayLinkPlaylist(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json').playlistId), 200),
);

displayLinksRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/display/{token}/playlist',
    security: [], // public: no session needed
    tags,
    summary: "The screens a display link's wall rotates through (null: today's leaderboard alone), without signing in",
    request: { params: DisplayTokenParamsSchema },
    responses: {
      200: { description: 'OK', ...json(DisplayPlaylistSchema) },
      404: { description: 'Unknown or revoked link' },
    },
  }),
  async (c) => c.json(await getDisplayPlaylist(c.get('deps'), c.req.valid('param').token), 200),
);

displayLinksRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/display/{token}/screens/{screenId}',
    security: [], // public: no session needed
    tags,
    summary: "One screen of the link's playlist with its numbers now, by kind, without signing in (a team's link: its team only)",
    request: { params: DisplayScreenParamsSchema },
    responses: {
      200: { description: 'OK', ...json(DisplayScreenDataSchema) },
      400: errorResponses[400],
      404: { description: 'Unknown or revoked link, or a screen not on its playlist' },
    },
  }),
  async (c) => {
    const { token, screenId } = c.req.valid('param');
    return c.json(await getDisplayScreen(c.get('deps'), token, screenId), 200);
  },
);

displayLinksRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/display/{token}/leaderboard',
    security: [], // public: no session needed
    tags,
    summary: "Today's top 10 by points (or rankBy: % of goal, most improved) for the link's company, without signing in",
    request: { params: DisplayTokenParamsSchema, query: DisplayLeaderboardQuerySchema },
    responses: {
      200: { description: 'OK', ...json(DisplayLeaderboardSchema) },
      400: { description: 'A rankBy that is not points, goal_share or improved', ...json(ApiErrorSchema) },
      404: { description: 'Unknown or revoked link' },
    },
  }),
  async (c) => c.json(await getDisplayLeaderboard(c.get('deps'), c.req.valid('param').token, c.req.valid('query').rankBy), 200),
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
      // A team's link streams only its people's changes (decision 040).
      forwards: link.team ? createDisplayChangeFilter(deps, token) : undefined,
      limit: { key: `display-link:${link.linkId}`, max: DISPLAY_LINK_STREAM_LIMIT, client: c.req.valid('query').client },
    });
  },
);

// A contest on a wall (decision 049): read through the link, so it lives with the other display reads.
displayLinksRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/display/{token}/contests/{id}',
    security: [], // public: no session needed
    tags: [...tags, 'Contests'],
    summary:
      "One contest's standings for a wall screen, without signing in: the link's company's contests only; a team's link shows its own people",
    request: { params: DisplayContestParamsSchema },
    responses: {
      200: { description: 'OK', ...json(ContestStandingsSchema) },
      404: { description: 'Unknown or revoked link, or no such contest in its company', ...json(ApiErrorSchema) },
    },
  }),
  async (c) => {
    const { token, id } = c.req.valid('param');
    return c.json(await getDisplayContestStandings(c.get('deps'), token, id), 200);
  },
);

// The wall's feed and what it celebrates (decision 051): read through the link, as the other display reads.
displayLinksRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/display/{token}/feed',
    security: [], // public: no session needed
    tags,
    summary: "What the link's wall celebrates and its newest feed items with reaction counts, without signing in",
    request: { params: DisplayTokenParamsSchema },
    responses: {
      200: { description: 'OK', ...json(DisplayFeedSchema) },
      404: { description: 'Unknown or revoked link', ...json(ApiErrorSchema) },
    },
  }),
  async (c) => c.json(await getDisplayFeed(c.get('deps'), c.req.valid('param').token), 200),
);
