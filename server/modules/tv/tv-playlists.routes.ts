import { createRoute } from '@hono/zod-openapi';
import { ApiErrorSchema, SaveTvPlaylistSchema, TvPlaylistListSchema, TvPlaylistParamsSchema, TvPlaylistSchema } from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireAdmin, requireMember } from '../session/session.middleware';
import { createTvPlaylist, deleteTvPlaylist, listTvPlaylists, updateTvPlaylist } from './tv-playlists.service';

/* TV playlists (decision 052): the screens a display link's wall rotates through; admins only. */
export const tvPlaylistsRoutes = createRouter();

const json = <T>(schema: T) => ({ content: { 'application/json': { schema } } });
const tags = ['Display links'];
const notFound = { 404: { description: 'No such playlist (or team) in your company', ...json(ApiErrorSchema) } };

tvPlaylistsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/tv-playlists',
    tags,
    summary: "The company's TV playlists by name, with their screens (admin)",
    middleware: [requireMember, requireAdmin] as const,
    responses: { 200: { description: 'OK', ...json(TvPlaylistListSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await listTvPlaylists(c.get('deps'), c.get('actor')), 200),
);

tvPlaylistsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/tv-playlists',
    tags,
    summary: 'Make a TV playlist: its screens in order, each with its seconds (admin)',
    middleware: [requireMember, requireAdmin] as const,
    request: { body: { ...json(SaveTvPlaylistSchema), required: true } },
    responses: { 201: { description: 'Created', ...json(TvPlaylistSchema) }, ...errorResponses, ...notFound },
  }),
  async (c) => c.json(await createTvPlaylist(c.get('deps'), c.get('actor'), c.req.valid('json')), 201),
);

tvPlaylistsRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/tv-playlists/{id}',
    tags,
    summary: "Replace a playlist's name and screens; screens sent with their id keep it (admin)",
    middleware: [requireMember, requireAdmin] as const,
    request: { params: TvPlaylistParamsSchema, body: { ...json(SaveTvPlaylistSchema), required: true } },
    responses: { 200: { description: 'Saved', ...json(TvPlaylistSchema) }, ...errorResponses, ...notFound },
  }),
  async (c) => c.json(await updateTvPlaylist(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
);

tvPlaylistsRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/tv-playlists/{id}',
    tags,
    summary: "Delete a playlist; links pointing at it show today's leaderboard again (admin)",
    middleware: [requireMember, requireAdmin] as const,
    request: { params: TvPlaylistParamsSchema },
    responses: { 200: { description: 'Deleted', ...json(TvPlaylistSchema) }, ...errorResponses, ...notFound },
  }),
  async (c) => c.json(await deleteTvPlaylist(c.get('deps'), c.get('actor'), c.req.valid('param').id), 200),
);
