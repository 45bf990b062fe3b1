import { createRoute } from '@hono/zod-openapi';
import { SaveWrapupResultSchema, SaveWrapupSchema, WrapupHistorySchema, WrapupTodaySchema } from '@core/contracts';
import { createRouter, errorResponses } from '../../lib/http';
import { requireMember } from '../session/session.middleware';
import { getTodayWrapup, getWrapupHistory, saveTodayWrapup } from './wrapups.service';

export const wrapupsRoutes = createRouter();

const json = <T>(schema: T) => ({ 'application/json': { schema } });

wrapupsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/wrapups/today',
    tags: ['Wrap-ups'],
    summary: "Today's saved wrap-up (or null) and the day's numbers from the logged activities",
    middleware: [requireMember] as const,
    responses: { 200: { description: 'OK', content: json(WrapupTodaySchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getTodayWrapup(c.get('deps'), c.get('actor')), 200),
);

wrapupsRoutes.openapi(
  createRoute({
    method: 'put',
    path: '/wrapups/today',
    tags: ['Wrap-ups'],
    summary: "Save today's wrap-up: created the first time, updated after",
    middleware: [requireMember] as const,
    request: { body: { content: json(SaveWrapupSchema), required: true } },
    responses: { 200: { description: 'Saved', content: json(SaveWrapupResultSchema) }, ...errorResponses },
  }),
  async (c) => c.json(await saveTodayWrapup(c.get('deps'), c.get('actor'), c.req.valid('json')), 200),
);

wrapupsRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/wrapups/history',
    tags: ['Wrap-ups'],
    summary: 'The last 10 wrap-ups before today, and the last 7 days of wrap-ups summed and averaged',
    middleware: [requireMember] as const,
    responses: { 200: { description: 'OK', content: json(WrapupHistorySchema) }, ...errorResponses },
  }),
  async (c) => c.json(await getWrapupHistory(c.get('deps'), c.get('actor')), 200),
);
