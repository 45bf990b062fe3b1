import { createRoute } from '@hono/zod-openapi';
import {
  ApiErrorSchema,
  BoardInputSchema,
  BoardListSchema,
  NewBoardInputSchema,
  BoardParamsSchema,
  BoardSchema,
  OkSchema,
} from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireMember, tokenRoute } from '../session/session.middleware';
import { createBoard, deleteBoard, getBoard, listBoards, setHomeBoard, updateBoard } from './boards.service';

/* Boards (decision 102): a member sees theirs, their team's and the company's; who changes which is the service's to say. */
export const boardsRoutes = createRouter();

const json = <T>(schema: T) => ({ 'application/json': { schema } });
const tags = ['Boards'];
const notFound = { 404: { description: 'No such board in your company, or not one you may see', content: json(ApiErrorSchema) } };

boardsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/boards',
    tags,
    summary: 'The boards you may see: your own, your team’s and the company’s (any member)',
    ...tokenRoute('stats:read', [requireMember]),
    responses: { 200: { description: 'OK', content: json(BoardListSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await listBoards(c.get('deps'), c.get('actor')), 200),
);

boardsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/boards/{id}',
    tags,
    summary: 'One board you may see, with its widgets',
    ...tokenRoute('stats:read', [requireMember]),
    request: { params: BoardParamsSchema },
    responses: { 200: { description: 'OK', content: json(BoardSchema) }, ...errorResponses, ...notFound },
  }),
  async (c) => c.json(await getBoard(c.get('deps'), c.get('actor'), c.req.valid('param').id), 200),
);

boardsRoutes.openapi(
  createRoute({
    method: 'post',
    path: '/boards',
    tags,
    summary: 'Make a board: private (anyone), shared with a team (its lead or an admin) or with the company (an admin)',
    middleware: [requireMember] as const,
    request: { body: { content: json(NewBoardInputSchema), required: true } },
    responses: { 201: { description: 'Created', content: json(BoardSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await createBoard(c.get('deps'), c.get('actor'), c.req.valid('json')), 201),
);

boardsRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/boards/{id}',
    tags,
    summary: 'Replace a board’s name, sharing and widgets (its owner, an admin, or the lead of the team it is shared with)',
    middleware: [requireMember] as const,
    request: { params: BoardParamsSchema, body: { content: json(BoardInputSchema), required: true } },
    responses: { 200: { description: 'OK', content: json(BoardSchema) }, ...errorResponses, ...notFound },
  }),
  async (c) => c.json(await updateBoard(c.get('deps'), c.get('actor'), c.req.valid('param').id, c.req.valid('json')), 200),
);

boardsRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/boards/{id}',
    tags,
    summary: 'Delete a board (its owner, an admin, or the lead of the team it is shared with)',
    middleware: [requireMember] as const,
    request: { params: BoardParamsSchema },
    responses: { 200: { description: 'Deleted', content: json(OkSchema) }, ...errorResponses, ...notFound },
  }),
  async (c) => {
    await deleteBoard(c.get('deps'), c.get('actor'), c.req.valid('param').id);
    return c.json({ ok: true as const }, 200);
  },
);

boardsRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/boards/{id}/home',
    tags,
    summary: 'Open the app on this board instead of the dashboard (any board you may see; for you alone)',
    middleware: [requireMember] as const,
    request: { params: BoardParamsSchema },
    responses: { 200: { description: 'OK', content: json(BoardSchema) }, ...errorResponses, ...notFound },
  }),
  async (c) => c.json(await setHomeBoard(c.get('deps'), c.get('actor'), c.req.valid('param').id, true), 200),
);

boardsRoutes.openapi(
  createRoute({
    method: 'delete',
    path: '/boards/{id}/home',
    tags,
    summary: 'Open the app on the dashboard again, if this board was where you opened it',
    middleware: [requireMember] as const,
    request: { params: BoardParamsSchema },
    responses: { 200: { description: 'OK', content: json(BoardSchema) }, ...errorResponses, ...notFound },
  }),
  async (c) => c.json(await setHomeBoard(c.get('deps'), c.get('actor'), c.req.valid('param').id, false), 200),
);
